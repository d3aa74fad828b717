import { jsonToDate } from '../internal/time';
import { optionalString, type JsonRow } from './json';

/** What the reference's `Event.item` describes: the resource the event fired on. */
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

/** A resource event of a report (`/events` row). */
export class Event {
  /** `status === "failure"`. */
  readonly failed: boolean;
  readonly item: EventItem;

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
    readonly class_: string | undefined,
    readonly executionPath: unknown,
    readonly sourceFile: string | undefined,
    readonly lineNumber: number | undefined,
  ) {
    this.failed = status === 'failure';
    this.item = {
      title,
      type,
      property,
      message,
      old: oldValue,
      new: newValue,
      class: class_,
      execution_path: executionPath,
      source_file: sourceFile,
      line_number: lineNumber,
    };
  }

  /** The class that declared the resource (`class_` in the reference). */
  get class(): string | undefined {
    return this.class_;
  }

  static fromJSON(row: JsonRow): Event {
    return new Event(
      String(row.certname),
      String(row.status),
      jsonToDate(String(row.timestamp)),
      String(row.report),
      String(row.resource_title),
      optionalString(row.property),
      optionalString(row.message),
      row.new_value,
      row.old_value,
      String(row.resource_type),
      optionalString(row.containing_class),
      row.containment_path,
      optionalString(row.file),
      row.line === null || row.line === undefined ? undefined : Number(row.line),
    );
  }

  toString(): string {
    return `${this.type}[${this.title}]/${this.hash}`;
  }

  repr(): string {
    return `Event: ${this.toString()}`;
  }
}
