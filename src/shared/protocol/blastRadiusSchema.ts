/** The run-time checks of the Blast Radius view (blastRadius.ts). */
import type { BlastRadius, ChangeScope } from '../blastRadius/model';
import { isRevision } from '../blastRadius/revision';
import { arrayOf, count, object, oneOf, type Check } from '../messageSchema';
import type { BlastRadiusProtocol } from './blastRadius';
import { dataRecord, longText, name, shaped, viewSchema } from './commonSchema';

/** A hunk's index in its file, or -1 (the file's first). */
const hunkIndex: Check<number> = (value) => (value === -1 ? undefined : count(value));

const revision: Check<string> = (value) =>
  isRevision(value) ? undefined : 'expected a ref name or a commit id';

/** The working tree, the index, or a range of two revisions (never an option or a path). */
export const changeScope: Check<ChangeScope> = (value) =>
  (value as { kind?: unknown } | null)?.kind === 'range'
    ? object<Extract<ChangeScope, { kind: 'range' }>>({
        kind: oneOf('range'),
        base: revision,
        head: revision,
      })(value)
    : object<{ kind: 'workingTree' | 'staged' }>({ kind: oneOf('workingTree', 'staged') })(value);

export const blastRadiusSchema = viewSchema<BlastRadiusProtocol>({
  toHost: {
    revealNode: { certname: name },
    openGraph: { certname: name },
    openReport: { certname: name },
    openHunk: { file: longText, hunk: hunkIndex },
    export: { format: oneOf('csv', 'json'), rows: oneOf('nodes', 'hunks') },
    reload: {},
    painted: { radius: name },
  },
  restore: object({
    entry: oneOf('blastRadius'),
    connectionId: name,
    scope: changeScope,
    repository: longText,
  }),
  // shown again as text only: a restored panel computes anew before it acts on a file or node
  shown: shaped<BlastRadius>({ files: arrayOf(dataRecord()), nodes: arrayOf(dataRecord()) }),
});
