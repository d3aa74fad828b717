/**
 * bench:code's "a second view of the same kind" for the Blast Radius view (issue 35 §2): a
 * commit's blast radius in a new panel, then, a second later (the user read it), the next
 * commit's, which VS Code's preview rule shows in the first one's panel (its live page started
 * over); each timed from the command to the page's paint of the whole blast radius, beside the raw
 * requests the second commit's needs (sent with undici in the extension's stages), in the same
 * round; medians after a warm-up. Each commit changes a line in each of a few manifests, on top of
 * the bench's working-tree change (committed first).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { BlastRadiusPanelInfo } from '../../src/extension/blastRadius/blastRadiusPanel';
import { changedFile } from '../../src/extension/blastRadius/computeBlastRadius';
import { readChange } from '../../src/extension/blastRadius/gitChange';
import { median, viewTarget } from '../fleet/overviewTiming';
import { medianTimes, secondViewRounds, timedCommand } from '../fleet/secondView';
import type { BenchContext } from './benchContext';
import { gitIn } from '../../test/e2e/support/controlRepository';
import { lines, openInGit, rawRequests } from './blastRepository';

/** How many manifests each commit changes. */
const FILES_PER_COMMIT = 4;

/**
 * The working-tree change committed, then `count` commits on top, each changing the third line
 * of the next FILES_PER_COMMIT manifests; every commit's id, oldest first.
 */
function commitChain(folder: string, manifests: readonly string[], count: number): string[] {
  const git = gitIn(folder);
  const commit = (message: string) => {
    git('commit', '--quiet', '--no-gpg-sign', '--all', '--message', message);
    return git('rev-parse', 'HEAD').trim();
  };
  const ids = [commit('the bench change')];
  for (let index = 0; index < count; index++) {
    for (let file = 0; file < FILES_PER_COMMIT; file++) {
      const path = manifests[(index * FILES_PER_COMMIT + file) % manifests.length]!;
      const text = lines(folder, path);
      text[2] = `${text[2]} # commit ${index}`;
      writeFileSync(join(folder, path), text.join('\n') + '\n');
    }
    ids.push(commit(`bench commit ${index}`));
  }
  return ids;
}

/** The raw requests the change `base..head` needs, sent as the extension sends them: their time. */
async function rawChange(url: string, folder: string, base: string, head: string) {
  const git = gitIn(folder);
  const paths = git('diff', '--name-only', base, head).trim().split('\n');
  const files = paths.map((path) =>
    changedFile({
      path,
      uri: vscode.Uri.file(join(folder, path)),
      patch: git('diff', base, head, '--', path),
      added: false,
      oldText: git('show', `${base}:${path}`),
    }),
  );
  const started = performance.now();
  await rawRequests(url, files, folder, () => undefined);
  return performance.now() - started;
}

export async function benchSecondBlastRadius(options: {
  context: BenchContext;
  /** The bench's repository, open in the git extension, with its working-tree change. */
  folder: string;
  manifests: readonly string[];
}): Promise<void> {
  const { context, folder, manifests } = options;
  const { rounds, connection, url, log } = context;
  const ids = commitChain(folder, manifests, 2 * (rounds + 1));
  const subjects = ids.slice(1).map((head, index) => `${ids[index]}..${head}`);
  const range = (subject: string) => {
    const [base, head] = subject.split('..') as [string, string];
    return { base, head };
  };
  const measured = await secondViewRounds({
    subjects,
    rounds,
    kind: 'blast radius',
    open: async (subject) => {
      const { ms, info } = await timedCommand<BlastRadiusPanelInfo>(
        'puppetdbExplorer.showBlastRadius',
        {
          connectionId: connection,
          repository: vscode.Uri.file(folder).toString(),
          scope: { kind: 'range', ...range(subject) },
          waitForPaint: true,
        },
      );
      if (!info.painted) throw new Error(`the blast radius of ${subject} was not painted`);
      return { ms, of: info.radius?.nodes.length ?? 0 };
    },
    raw: async (subject) => {
      const { base, head } = range(subject);
      return { ms: await rawChange(url, folder, base, head), of: undefined };
    },
  });
  const { newPanel, reused, raw } = medianTimes(measured, median);
  const reached = median(measured.map((round) => round.second.of));
  log(
    `blast radius of a commit (${FILES_PER_COMMIT} manifests, ${reached} nodes reached), painted: in a new panel ${newPanel.toFixed(1)} ms; the next commit's, a second later in the preview's panel ${reused.toFixed(1)} ms (target <= 150 ms: ${reused <= 150 ? 'met' : 'not met'}); its raw requests ${raw.toFixed(1)} ms (${viewTarget(reused, raw)})`,
  );
  // of which git: each commit read as the view reads it, through the git extension
  const repository = await openInGit(folder);
  const reads: number[] = [];
  for (const subject of subjects) {
    const started = performance.now();
    await readChange(repository, { kind: 'range', ...range(subject) });
    reads.push(performance.now() - started);
  }
  log(`  of which reading a commit through the git extension: ${median(reads).toFixed(1)} ms`);
}
