/** The run-time checks of the events table (events.ts), and of the filters an events source holds. */
import { arrayOf, count, object, oneOf, optional, type Check } from '../messageSchema';
import type { EventRowDto } from '../reportDto';
import { dataRecord, longText, name, rowsShown, shaped, viewSchema } from './commonSchema';
import {
  MAX_FLAPPING_CERTNAMES,
  type DeclaredAtFilter,
  type EventsProtocol,
  type EventsRestoreInfo,
  type EventsShown,
  type FleetEventsFilter,
} from './events';

/** Open an event's resource in the graph (the events table, the report). */
export const openInGraph = { certname: name, resource: name };
/** Open an event's or a log's manifest line (the events table, the report). */
export const openManifestAt = { file: name, line: optional(count) };

/** A fleet filter's fields a webview may name (the overview's rows): no environment, no nodes. */
export const overviewEventsFields = {
  status: optional(oneOf('failure', 'success')),
  resourceType: optional(name),
  resourceTitle: optional(name),
  containingClass: optional(name),
  since: optional(name),
  until: optional(name),
};
/** The events table's fleet source (a command's argument, a restored panel's). */
export const fleetEventsFilter: Check<FleetEventsFilter> = object<FleetEventsFilter>({
  ...overviewEventsFields,
  environment: optional(name),
  certnames: optional(arrayOf(name, MAX_FLAPPING_CERTNAMES)),
});

/** "Show Events for This Line": PuppetDB's paths of one file, and the line. */
export const declaredAtFilter: Check<DeclaredAtFilter> = (value) =>
  object<DeclaredAtFilter>({ files: arrayOf(name, 1000), line: count })(value) ??
  ((value as DeclaredAtFilter).files.length === 0 ? 'expected at least one file' : undefined);

/** Events an events table or a report shows (rows it only shows: any fields). */
export const eventRows: Check<EventRowDto[]> = arrayOf(dataRecord<EventRowDto>());

const eventsSource = ((value: unknown) =>
  object<{ reportHash: string }>({ reportHash: name })(value) &&
  object<{ certname: string; since?: string; until?: string }>({
    certname: name,
    since: optional(name),
    until: optional(name),
  })(value) &&
  object<{ fleet: FleetEventsFilter }>({ fleet: fleetEventsFilter })(value) &&
  object<{ declaredAt: DeclaredAtFilter }>({ declaredAt: declaredAtFilter })(value)
    ? 'expected { reportHash }, { certname, since?, until? }, { fleet } or { declaredAt }'
    : undefined) as Check<EventsRestoreInfo['source']>;

export const eventsSchema = viewSchema<EventsProtocol>({
  toHost: {
    openInGraph,
    openManifest: openManifestAt,
    openReport: { reportHash: name },
    reload: {},
    exportAll: { format: oneOf('csv', 'json') },
    shown: rowsShown,
  },
  restore: object({ entry: oneOf('events'), connectionId: name, source: eventsSource }),
  shown: shaped<EventsShown>({
    title: longText,
    certname: optional(name),
    events: eventRows,
  }),
});
