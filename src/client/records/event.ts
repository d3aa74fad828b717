import { jsonToDate } from '../internal/time';
import { optionalNumber, optionalString, required, type JsonRow } from './json';

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
    return new Event(
      String(required(row, 'certname', RECORD)),
      String(required(row, 'status', RECORD)),
      jsonToDate(required(row, 'timestamp', RECORD)),
      String(required(row, 'report', RECORD)),
      String(required(row, 'resource_title', RECORD)),
      optionalString(required(row, 'property', RECORD)),
      optionalString(required(row, 'message', RECORD)),
      required(row, 'new_value', RECORD),
      required(row, 'old_value', RECORD),
      String(required(row, 'resource_type', RECORD)),
      optionalString(required(row, 'containing_class', RECORD)),
      required(row, 'containment_path', RECORD),
      optionalString(required(row, 'file', RECORD)),
      optionalNumber(required(row, 'line', RECORD)),
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
