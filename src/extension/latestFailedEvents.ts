/**
 * The AST queries of events that failed in the nodes' latest runs: the code lenses' diagnostics,
 * the compare-runs pickers and the overview's failing tiles all ask the same question with other
 * fields, so its condition is written once.
 */

const COUNT = ['function', 'count'];

/** `latest_report? = true and status = "failure"`, and-ed with `narrowing`. */
function latestFailures(narrowing: readonly unknown[]): unknown[] {
  return ['and', ['=', 'latest_report?', true], ['=', 'status', 'failure'], ...narrowing];
}

/** The `fields` of each failed event of a latest run that also meets every `narrowing` clause. */
export function latestFailedEvents(fields: readonly string[], ...narrowing: unknown[]): unknown[] {
  return ['extract', [...fields], latestFailures(narrowing)];
}

/** How many failed events of latest runs there are per distinct value of `fields`. */
export function latestFailedEventCounts(fields: readonly string[]): unknown[] {
  return ['extract', [COUNT, ...fields], latestFailures([]), ['group_by', ...fields]];
}
