import { requiredFields, type JsonRow } from './json';

/** The reference's `Event.item`: the resource the event fired on, under its Python keys. */
export interface EventItem {
  title: string;
  type: string;
  property: string | undefined;
  message: string | undefined;
  old: unknown;
  new: unknown;
  class: string | undefined;
  execution_path: unknown;
  source_file: string | undefined;
  line_number: number | undefined;
}

const RECORD = 'event';

/** A resource event of a report (an `/events` row). */
export class Event {
  /** `status === "failure"`. */
  readonly failed: boolean;
  readonly item: EventItem;
  /** The class that declared the resource (`class_` in the reference). */
  readonly class: string | undefined;

  constructor(
    readonly node: string,
    readonly status: string,
    readonly timestamp: Date,
    readonly hash: string,
    readonly title: string,
    readonly property: string | undefined,
    readonly message: string | undefined,
    readonly newValue: unknown,
    readonly oldValue: unknown,
    readonly type: string,
    containingClass: string | undefined,
    readonly executionPath: unknown,
    readonly sourceFile: string | undefined,
    readonly lineNumber: number | undefined,
  ) {
    this.class = containingClass;
    this.failed = status === 'failure';
    this.item = {
      title,
      type,
      property,
      message,
      old: oldValue,
      new: newValue,
      class: containingClass,
      execution_path: executionPath,
      source_file: sourceFile,
      line_number: lineNumber,
    };
  }

  /** The reference's `Event.create_from_dict`: every key is required (null is allowed). */
  static fromJSON(row: JsonRow): Event {
    const field = requiredFields(row, RECORD);
    return new Event(
      field.text('certname'),
      field.text('status'),
      field.date('timestamp'),
      field.text('report'),
      field.text('resource_title'),
      field.optionalText('property'),
      field.optionalText('message'),
      field.value('new_value'),
      field.value('old_value'),
      field.text('resource_type'),
      field.optionalText('containing_class'),
      field.value('containment_path'),
      field.optionalText('file'),
      field.optionalNumber('line'),
    );
  }

  /** Python `str()`: `Type[title]/hash`. */
  toString(): string {
    return `${this.type}[${this.title}]/${this.hash}`;
  }

  /** Python `repr()`: `Event: Type[title]/hash`. */
  repr(): string {
    return `Event: ${this.toString()}`;
  }
}
