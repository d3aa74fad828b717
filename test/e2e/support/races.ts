/**
 * The VS Code races an end-to-end step may retry past, and the one way to do it. A step performs
 * a product action once and then waits for a condition; only where VS Code itself races (each
 * race named here, with what happens) does a step act again, and every such retry is logged when
 * it happens and counted: a script prints its count when it ends, and runAll.ts the whole run's
 * (each script appends its retries to the file PDBX_E2E_RACES names).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** Each race: what VS Code does, and why acting again is what a user would do. */
export const RACES = {
  walkthroughMissedRedraw:
    'VS Code recorded a walkthrough step done but the open walkthrough page missed the redraw; ' +
    'the page opened again shows the recorded step',
  notificationCenterEmptied:
    'VS Code closed the notifications center when its last notification (a progress) ended, ' +
    'before the message that follows arrived; the center is opened again',
  quickInputClosedOnBlur:
    'the quick input VS Code had just opened closed itself before it took the text, as it does ' +
    'when a view finishing its paint takes the focus; it is opened again',
  quickOpenClickLost:
    "Quick Open closed on the click of a file's row, yet no editor of the file became active " +
    'within 15 s; the file is picked again, as a user would (a CI run once waited in vain for ' +
    "an opened file's first line, and did not say which had happened)",
} as const;

export type Race = keyof typeof RACES;

/** The environment variable naming the file every script of a run appends its retries to. */
export const RACES_FILE_VARIABLE = 'PDBX_E2E_RACES';

interface RaceRecord {
  script: string;
  race: Race;
  detail: string;
}

const retried: RaceRecord[] = [];
const script = basename(process.argv[1] ?? 'e2e');

/** Logs and counts one retry past `race`; `detail` says where. */
export function raceRetried(race: Race, detail: string): void {
  const record = { script, race, detail };
  retried.push(record);
  console.log(`  ⟳ VS Code race "${race}" (${detail}): ${RACES[race]}`);
  const file = process.env[RACES_FILE_VARIABLE];
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** "none", or each race with its count: how a summary line names the retries. */
export function describeRetries(records: readonly RaceRecord[]): string {
  if (records.length === 0) return 'none';
  const counts = new Map<string, number>();
  for (const { script: where, race } of records) {
    const key = `${race} in ${where}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(', ');
}

/** The retries every script of a run recorded in `file` (none when it was never written). */
export function retriesIn(file: string): RaceRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RaceRecord);
}

// each script says its own (runAll.ts, which imports this too, says the run's)
if (script.endsWith('.e2e.ts')) {
  process.on('exit', () => {
    console.log(`e2e ${script}: VS Code races retried: ${describeRetries(retried)}`);
  });
}
