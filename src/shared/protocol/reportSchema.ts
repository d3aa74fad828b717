/** The run-time checks of the report view (report.ts). */
import { arrayOf, object, oneOf } from '../messageSchema';
import type { ReportDto } from '../reportDto';
import { dataRecord, name, shaped, viewSchema } from './commonSchema';
import { eventRows, openInGraph, openManifestAt } from './eventsSchema';
import type { ReportProtocol } from './report';

export const reportSchema = viewSchema<ReportProtocol>({
  toHost: {
    openInGraph,
    openManifest: openManifestAt,
    openNode: { certname: name },
    reload: {},
    compareWithPrevious: {},
    painted: { hash: name },
  },
  restore: object({ entry: oneOf('report'), connectionId: name, reportHash: name }),
  shown: shaped<ReportDto>({
    certname: name,
    hash: name,
    events: eventRows,
    logs: arrayOf(dataRecord<ReportDto['logs'][number]>()),
    metrics: arrayOf(dataRecord<ReportDto['metrics'][number]>()),
  }),
});
