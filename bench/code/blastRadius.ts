/**
 * npm run bench:code, the blast radius part: a 20-file, 200-hunk change of a real git repository
 * (blastRepository.ts) computed cold by the extension (git read through the git extension,
 * PuppetDB asked, the model assembled; nothing kept from an earlier computation, the catalogs'
 * manifest paths included), beside the raw PuppetDB requests it needs, sent with undici in the
 * same stages (the same queries, built by the same functions, from the same changed files); then
 * the view of one commit's blast radius after another's (blastRadiusSecond.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { changedFile } from '../../src/extension/blastRadius/computeBlastRadius';
import { readChange } from '../../src/extension/blastRadius/gitChange';
import type { FaultProxy } from '../../test/support/faultProxy';
import type { BenchContext } from './benchContext';
import { benchSecondBlastRadius } from './blastRadiusSecond';
import { gitIn } from '../../test/e2e/support/controlRepository';
import { buildRepository, FILES, openInGit, rawRequests } from './blastRepository';

interface Context extends BenchContext {
  /** A fault proxy in front of the PuppetDB, and the connection through it (counts requests). */
  proxy: FaultProxy;
  proxied: string;
}

export async function benchBlastRadius(context: Context): Promise<void> {
  const { api, log } = context;
  const folder = join(mkdtempSync(join(tmpdir(), 'pdbx-bench-blast-')), 'control-repo');
  try {
    const manifests = buildRepository(folder);
    const root = vscode.Uri.file(folder);
    const repository = await openInGit(folder);

    /** The whole answer, and when the first (its nodes grouped, the view's first paint) came. */
    let firstAt = 0;
    const compute = async (connectionId: string) => {
      api.blastRadius.clear();
      firstAt = 0;
      const answer = await api.blastRadius.compute({
        connectionId,
        scope: { kind: 'workingTree' },
        repository: root,
        // as the view asks: a large change's nodes and groups first
        onFirstCounts: () => (firstAt = performance.now()),
      });
      if (!answer.found) throw new Error(answer.message);
      return answer.radius;
    };
    // the requests it sends, counted by the proxy
    context.proxy.clearRecords();
    const radius = await compute(context.proxied);
    const requests = context.proxy.requestCount;
    const hunks = radius.files.reduce((sum, file) => sum + file.hunks.length, 0);
    const byBasis = new Map<string, number>();
    for (const hunk of radius.files.flatMap((file) => file.hunks)) {
      byBasis.set(hunk.basis, (byBasis.get(hunk.basis) ?? 0) + 1);
    }
    log(
      `blast radius: ${radius.files.length} files, ${hunks} hunks (${[...byBasis].map(([basis, count]) => `${count} by ${basis}`).join(', ')}), ${radius.nodes.length} nodes reached, ${requests} requests`,
    );

    // the raw side: the same files read with git here, the same queries, the same stages
    const files = manifests.map((path) =>
      changedFile({
        path,
        uri: vscode.Uri.file(join(folder, path)),
        patch: gitIn(folder)('diff', 'HEAD', '--', path),
        added: false,
        oldText: gitIn(folder)('show', `HEAD:${path}`),
      }),
    );
    let rawFirstAt = 0;
    const raw = () =>
      rawRequests(context.url, files, folder, () => (rawFirstAt = performance.now()));
    // of which reading the change through the git extension
    const gitTimes: number[] = [];
    for (let round = 0; round < context.rounds; round++) {
      const started = performance.now();
      await readChange(repository, { kind: 'workingTree' });
      gitTimes.push(performance.now() - started);
    }
    gitTimes.sort((a, b) => a - b);
    log(
      `  of which reading the change through the git extension: ${gitTimes[Math.floor(gitTimes.length / 2)]!.toFixed(1)} ms`,
    );
    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const first: number[] = [];
    const rawFirst: number[] = [];
    const [ours, theirs] = await context.alternate(
      context.rounds,
      async () => {
        const started = performance.now();
        const took = await time(() => compute(context.connection));
        first.push((firstAt || performance.now()) - started);
        return took;
      },
      async () => {
        const started = performance.now();
        const took = await time(raw);
        rawFirst.push(rawFirstAt - started);
        return took;
      },
    );
    context.row(
      `blast radius of a ${FILES}-file, ${hunks}-hunk change to the first grouped counts (every node reached, its group and status)`,
      first,
      rawFirst,
      'the raw requests they need',
      '<= 2000 ms and ratio <= 1.5',
    );
    context.row(
      `  and to every count per file and hunk (requests: ${requests})`,
      ours,
      theirs,
      `its ${requests} raw requests`,
      'ratio <= 1.5',
    );
    await benchSecondBlastRadius({ context, folder, manifests });
  } finally {
    rmSync(join(folder, '..'), { recursive: true, force: true });
  }
}
