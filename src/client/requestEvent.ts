/**
 * What the client tells its caller about each HTTP request once it has ended, so that the caller
 * can log it. An event never holds a header, a credential or a body.
 */
import type { APIError } from './errors';

export interface RequestEvent {
  method: 'GET' | 'POST';
  /** The full URL sent: origin, path and query string. It never holds credentials (they go in headers). */
  url: string;
  /** The base URL of the server this request went to (one of `serverUrls` when failing over). */
  server: string;
  /** The HTTP status of the answer; undefined when none arrived. */
  status: number | undefined;
  /** Body bytes received (after gzip decoding), counting what was read before an early stop. */
  bytes: number;
  /** Milliseconds from sending to the end of the body (or the failure). */
  ms: number;
  /** Rows decoded from a list answer; undefined when the answer was not a list or not decoded. */
  rows: number | undefined;
  /** Why the request failed; undefined when it succeeded (or the reader stopped early). */
  error: APIError | undefined;
  /** True when this request failed and the same request now goes to the next server. */
  failingOver: boolean;
  /**
   * True when the connection closed before any answer and the same request now goes once more to
   * the same server on a new connection (queries only).
   */
  resending: boolean;
}

export type RequestObserver = (event: RequestEvent) => void;

/** Calls the observer; an observer that throws must never break the request it observes. */
export function notify(observer: RequestObserver | undefined, event: RequestEvent): void {
  if (!observer) return;
  try {
    observer(event);
  } catch {
    // deliberately ignored: logging is not worth a failed query
  }
}
