/**
 * The Blast Radius view: which nodes a change in the workspace reaches (the working tree, the
 * staged changes, a branch against its base, a commit), grouped by environment and role class,
 * failing first, with the counts per changed file and hunk. The engine computes it
 * (computeBlastRadius.ts); the panel shows it, opens a hunk in the editor (only a changed file of
 * its own answer, inside the repository) and the node's tree item, catalog graph and latest report.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BlastRadius, ChangeScope, ReachedNode } from '../../shared/blastRadius/model';
import { exportedHunks, exportedNodes } from '../../shared/blastRadius/radiusView';
import { rangeWords } from '../../shared/blastRadius/revision';
import { toWire } from '../../shared/blastRadius/radiusWire';
import {
  paintedRadiusId,
  type BlastRadiusRestoreInfo,
  type FocusedFile,
} from '../../shared/protocol/blastRadius';
import { exportRows } from '../export/exportRows';
import { inert } from '../inertText';
import type { PanelDefinition } from '../webviews/definePanel';
import { openViews } from '../webviews/openViews';
import { PaintedContent } from '../webviews/paintedContent';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { blastRadiusCommand } from './blastRadiusCommand';
import type { BlastRadiusEngine } from './computeBlastRadius';

/** What the command answers (host tests read it). */
export interface BlastRadiusPanelInfo {
  title: string;
  focus: FocusedFile | undefined;
  restore: BlastRadiusRestoreInfo;
  radius: BlastRadius | undefined;
  error: string | undefined;
  /** Whether the page has said it painted the blast radius shown. */
  painted: boolean;
}

/** The Blast Radius view's panels: one per connection, repository and change. */
export function blastRadiusPanels(
  engine: BlastRadiusEngine,
): PanelDefinition<'blastRadius', BlastRadiusPanel> {
  return {
    entry: 'blastRadius',
    preview: true,
    key: (info) => JSON.stringify([info.connectionId, info.repository, info.scope]),
    title: (info) => titleOf(info),
    create: (opening) => new BlastRadiusPanel(opening, engine),
    command: blastRadiusCommand(),
  };
}

/** The change in words, for the title. */
export function scopeWords(scope: ChangeScope): string {
  switch (scope.kind) {
    case 'workingTree':
      return vscode.l10n.t('working tree');
    case 'staged':
      return vscode.l10n.t('staged changes');
    default:
      return rangeWords(scope);
  }
}

/** The repository's root as a URI (undefined: the record's text is not one). */
function rootOf(info: BlastRadiusRestoreInfo): vscode.Uri | undefined {
  try {
    return vscode.Uri.parse(info.repository, true);
  } catch {
    return undefined;
  }
}

function titleOf(info: BlastRadiusRestoreInfo): string {
  const root = rootOf(info);
  return vscode.l10n.t(
    'Blast Radius · {0} · {1}',
    inert(root ? path.posix.basename(root.path) : info.repository),
    inert(scopeWords(info.scope)),
  );
}

/** The file's path inside `root`, or undefined when it would leave it (`..`, absolute, NUL). */
export function pathInside(root: string, file: string): string | undefined {
  if (file.includes('\0') || path.isAbsolute(file) || /^[a-zA-Z]:/.test(file)) return undefined;
  const resolved = path.resolve(root, file);
  const relative = path.relative(root, resolved);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return resolved;
}

export class BlastRadiusPanel extends WebviewPanelHost<'blastRadius'> {
  private readonly target: BlastRadiusRestoreInfo;
  private radius: BlastRadius | undefined;
  /** The changed file the command named last (a lens, Source Control): the page filters on it. */
  private focus: FocusedFile | undefined;
  /** What the page painted (by paintedRadiusId). */
  private readonly paints = new PaintedContent();

  /** A change to show; or a panel revived with what its page kept (nothing computed). */
  constructor(
    opening: Opening<'blastRadius'>,
    private readonly engine: BlastRadiusEngine,
  ) {
    super(opening);
    this.target = opening.info;
    this.radius = opening.revived?.kept?.content;
    this.panel.title = titleOf(this.target);
    if (!opening.revived) this.loaded = this.load();
  }

  /** The connection of the change's record (Edit Connection, the loads). */
  get connectionId(): string {
    return this.target.connectionId;
  }

  /** Filters the page on a changed file (or on nothing again). */
  focusOn(focus: FocusedFile | undefined): void {
    this.focus = focus;
    if (this.radius) this.sendSnapshot();
  }

  info(): BlastRadiusPanelInfo {
    return {
      ...this.commonInfo(),
      radius: this.radius,
      focus: this.focus,
      painted: this.paints.has(this.radius && paintedRadiusId(this.radius)),
    };
  }

  /** Resolves once the page has painted the blast radius shown now (or at once without one). */
  painted(): Promise<void> {
    return this.paints.wait(this.radius && paintedRadiusId(this.radius));
  }

  protected restoreInfo(): InfoOf<'blastRadius'> {
    return this.target;
  }

  private load(): Promise<void> {
    return this.loadFromConnection(
      () => `Computing ${this.panel.title}`,
      () => {
        this.radius = undefined;
      },
      async (_client, signal) => {
        const repository = rootOf(this.target);
        // the engine looks the repository up among those the git extension has open
        const answer = repository
          ? await this.engine.compute({
              connectionId: this.connectionId,
              scope: this.target.scope,
              repository,
              signal,
              // a large change's nodes and groups first, its counts per hunk when read
              onFirstCounts: (radius) => {
                if (signal.aborted) return;
                this.radius = radius;
                this.sendSnapshot();
              },
            })
          : undefined;
        if (!answer?.found) {
          throw new Error(
            answer?.message ??
              vscode.l10n.t('The repository {0} is not open.', inert(this.target.repository)),
          );
        }
        return answer.radius;
      },
      (radius) => {
        this.radius = radius;
      },
    );
  }

  protected sendSnapshot(): void {
    this.postOneLoaded(
      this.radius && {
        type: 'radius',
        radius: toWire(this.radius),
        restored: this.restored,
        ...(this.focus && { focus: this.focus }),
      },
    );
  }

  /** Computes again ("Refresh", "Load again", Retry), unless a load is under way. */
  protected reload(): Promise<void> {
    return this.loadAgain(this.radius, () => this.load());
  }

  /**
   * The blast radius as computed here: a restored panel's was kept by its page, which a click
   * must not act on, so it computes first.
   */
  private async computed(): Promise<BlastRadius | undefined> {
    if (this.restored) await this.reload();
    // (a first answer has no "reached by" yet: a click waits for the whole one)
    if (this.radius?.counting) await this.loaded;
    return this.radius;
  }

  private async node(certname: string): Promise<ReachedNode | undefined> {
    return (await this.computed())?.nodes.find((node) => node.certname === certname);
  }

  /** The resource that reached the node (`Type[title]`), else the class its changed file defines. */
  private focusOf(node: ReachedNode, radius: BlastRadius): string | undefined {
    const byResource = node.reachedBy.find((reach) => reach.resource);
    if (byResource?.resource) return `${byResource.resource.type}[${byResource.resource.title}]`;
    for (const reach of node.reachedBy) {
      const definition = radius.files.find((file) => file.path === reach.file)?.definitions[0];
      if (definition) return `Class[${definition}]`;
    }
    return undefined;
  }

  protected readonly handlers: ViewHandlers<'blastRadius'> = {
    revealNode: async ({ certname }) => {
      const node = await this.node(certname);
      if (node) await openViews.node({ connectionId: this.connectionId, certname });
    },
    openGraph: async ({ certname }) => {
      const node = await this.node(certname);
      if (!node || !this.radius) return;
      await openViews.catalogGraph({
        connectionId: this.connectionId,
        certname,
        focus: this.focusOf(node, this.radius),
      });
    },
    openReport: async ({ certname }) => {
      const node = await this.node(certname);
      if (!node) return;
      if (!node.latestReportHash) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('PuppetDB keeps no report of {0}.', inert(certname)),
        );
        return;
      }
      await openViews.report({
        connectionId: this.connectionId,
        reportHash: node.latestReportHash,
      });
    },
    openHunk: async ({ file, hunk }) => {
      const changed = (await this.computed())?.files.find((each) => each.path === file);
      const at = hunk === -1 ? changed?.hunks[0] : changed?.hunks[hunk];
      const root = rootOf(this.target);
      const inside = changed && root && pathInside(root.fsPath, changed.path);
      if (!changed || !inside || (hunk !== -1 && !at)) {
        this.services.log.warn(
          `Blast Radius: not opening "${file.slice(0, 200)}": not a changed file of the repository`,
        );
        return;
      }
      const line = Math.max(0, (at?.start ?? 1) - 1);
      const last = Math.max(line, line + (at?.count ?? 1) - 1);
      try {
        const editor = await vscode.window.showTextDocument(vscode.Uri.file(inside), {
          selection: new vscode.Range(line, 0, last, 0),
          preview: true,
        });
        editor.revealRange(
          new vscode.Range(line, 0, line, 0),
          vscode.TextEditorRevealType.InCenter,
        );
      } catch (error) {
        this.services.errors.logged(`Opening ${file}`, error);
        void vscode.window.showWarningMessage(
          vscode.l10n.t('{0} cannot be opened (deleted by the change?).', inert(changed.path)),
        );
      }
    },
    export: async ({ format, rows }) => {
      const radius = await this.computed();
      if (!radius) return;
      await exportRows(rows === 'nodes' ? exportedNodes(radius) : exportedHunks(radius), format, {
        fileStem: rows === 'nodes' ? 'blast-radius-nodes' : 'blast-radius-hunks',
        hasMore: false,
      });
    },
    reload: () => this.reload(),
    painted: ({ radius }) => this.paints.paint(radius),
  };
}
