import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import {
  bucketBounds,
  FLAPPING_HOURS,
  type OverviewDto,
  type RunsRange,
} from '../../shared/overview';
import {
  MAX_FLAPPING_CERTNAMES,
  type KeptContent,
  type OverviewToHost,
  type RestoredNote,
  type RestoreInfo,
} from '../../shared/protocol';
import { restoredNote } from '../../shared/protocolSchema';
import type { RunsWindow } from '../../shared/recentRuns';
import { WebviewPanels } from '../ids';
import type { Services } from '../services';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import { reportDropped } from '../webviews/droppedMessages';
import { openViews } from '../webviews/openViews';
import { fetchOverview, flappingKey, type Flapping } from './overviewQueries';
import { showCountedNodes } from './showCountedNodes';
import { noteTruncated } from '../truncationNotice';

/** What the open command answers (host tests and the bench read it). */
export interface OverviewPanelInfo {
  title: string;
  restore: RestoreInfo;
  overview: OverviewDto | undefined;
  error: string | undefined;
  /**
   * Where the first paint's time went, in ms since the panel was created (npm run bench:fleet
   * prints them): PuppetDB answered, the webview said ready, the webview painted.
   */
  timings: { answered?: number; ready?: number; painted?: number };
}

/**
 * The fleet at a glance for one connection: node counts by status and environment, runs over
 * time and what is going wrong, all computed by PuppetDB; refreshed on demand or every
 * `overview.autoRefreshSeconds` while the panel is visible.
 */
export class OverviewPanel extends WebviewPanelHost<'overview'> {
  private overview: OverviewDto | undefined;
  private error: string | undefined;
  private loading = false;
  private controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Set while the panel shows what it showed before a window reload (nothing fetched). */
  private restored: RestoredNote | undefined;
  /** Who waits for the webview to paint an overview, by its `fetchedAt`. */
  private readonly paintWaiters = new Map<string, Array<() => void>>();
  private readonly paintedAt = new Set<string>();
  /** Settles when the latest fetch has ended, whichever way (the flapping resources may follow). */
  loaded: Promise<void> = Promise.resolve();
  /** Settles when the flapping resources of the latest fetch have joined it. */
  flappingLoaded: Promise<void> = Promise.resolve();
  /** The nodes each shown flapping resource flaps on (by `flappingKey`); none after a reload. */
  private flappingNodes = new Map<string, string[]>();
  private readonly createdAt = performance.now();
  private readonly timings: OverviewPanelInfo['timings'] = {};
  private mark(step: keyof OverviewPanelInfo['timings']): void {
    this.timings[step] ??= performance.now() - this.createdAt;
  }

  static create(
    services: Services,
    connectionId: string,
    environment: string | undefined,
  ): OverviewPanel {
    const panel = createPanel(
      services.extensionUri,
      WebviewPanels.overview,
      overviewTitle(services, connectionId, environment),
    );
    const overview = new OverviewPanel(services, panel, connectionId, 'hours', environment);
    overview.loaded = overview.load();
    return overview;
  }

  /** After a window reload: shows what was kept, and fetches nothing until "Load again". */
  static restore(
    services: Services,
    panel: vscode.WebviewPanel,
    restore: Extract<RestoreInfo, { entry: 'overview' }>,
    kept: KeptContent<'overview'> | undefined,
  ): OverviewPanel {
    const overview = new OverviewPanel(
      services,
      panel,
      restore.connectionId,
      restore.range,
      restore.environment,
    );
    overview.restored = restoredNote(kept);
    overview.overview = kept?.content;
    return overview;
  }

  private constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
    readonly connectionId: string,
    private range: RunsRange,
    /** Set while the overview is narrowed to one environment (an Environments leaf). */
    private environment: string | undefined,
  ) {
    super(panel, services, 'overview');
    panel.title = overviewTitle(services, connectionId, environment);
    this.onDidDispose(() => {
      this.controller.abort();
      clearTimeout(this.timer);
    });
  }

  info(): OverviewPanelInfo {
    return {
      title: this.panel.title,
      restore: this.restoreInfo(),
      overview: this.overview,
      error: this.error,
      timings: { ...this.timings },
    };
  }

  /** Resolves once the webview has painted the overview shown now (or at once without one). */
  painted(): Promise<void> {
    const fetchedAt = this.overview?.fetchedAt;
    if (fetchedAt === undefined || this.paintedAt.has(fetchedAt)) return Promise.resolve();
    return new Promise((resolve) => {
      this.paintWaiters.set(fetchedAt, [...(this.paintWaiters.get(fetchedAt) ?? []), resolve]);
    });
  }

  /** Asks PuppetDB again (the command on an open panel, the refresh button, the timer). */
  refresh(): Promise<void> {
    if (!this.loading) this.loaded = this.load();
    return this.loaded;
  }

  /** Narrows the overview to one environment (undefined: the whole fleet), and asks again. */
  showEnvironment(environment: string | undefined): Promise<void> {
    if (environment !== this.environment) {
      this.environment = environment;
      this.overview = undefined;
      this.panel.title = overviewTitle(this.services, this.connectionId, environment);
      // a fetch under way is for the other scope: this one replaces it
      this.controller.abort();
      this.loading = false;
    }
    return this.refresh();
  }

  /**
   * Whether the overview shown is one the host fetched (with its flapping resources), fetching it
   * again first when it is the one its webview kept across a window reload: what a click picks
   * from it (a bucket's window, a flapping resource) must not come from the webview's state.
   */
  private async fetchedAgain(): Promise<boolean> {
    if (!this.restored) return true;
    await this.refresh();
    await this.flappingLoaded;
    return !this.restored && this.overview !== undefined;
  }

  /**
   * The window of a bucket of the runs chart shown now, or of its whole range (no bucket): made
   * here from the overview the host sent, so the webview can only choose among its buckets.
   */
  private runsWindow(bucket: string | undefined): RunsWindow | undefined {
    const runs = this.overview?.runs;
    const keys = runs?.buckets.map((entry) => entry.key) ?? [];
    if (!runs || keys.length === 0) return undefined;
    if (bucket === undefined) {
      // as the chart counts: from its first bucket's start, up to now
      return { since: bucketBounds(runs.range, keys[0]!)!.since };
    }
    return keys.includes(bucket) ? bucketBounds(runs.range, bucket) : undefined;
  }

  private restoreInfo(): Extract<RestoreInfo, { entry: 'overview' }> {
    return {
      entry: 'overview',
      connectionId: this.connectionId,
      range: this.range,
      ...(this.environment !== undefined && { environment: this.environment }),
    };
  }

  private async load(): Promise<void> {
    clearTimeout(this.timer);
    this.controller = new AbortController();
    const { signal } = this.controller;
    this.loading = true;
    if (!this.overview) this.post({ type: 'loading', title: this.panel.title });
    let flapping: Promise<Flapping> | undefined;
    try {
      const client = await this.services.store.client(this.connectionId);
      const answers = fetchOverview(client, {
        connectionName: this.services.store.get(this.connectionId)?.name ?? this.connectionId,
        unreportedHours: this.services.settings.unreportedHours(),
        range: this.range,
        now: new Date(),
        ...(this.environment !== undefined && { environment: this.environment }),
        signal,
        onTruncated: (max) => noteTruncated(vscode.l10n.t('The overview'), max),
      });
      flapping = answers.flapping;
      flapping.catch(() => undefined); // said below, once the rest is shown
      const overview = await answers.overview;
      if (signal.aborted) return; // a newer fetch (another environment) is under way
      this.overview = overview;
      this.mark('answered');
      this.restored = undefined;
      this.error = undefined;
    } catch (error) {
      if (signal.aborted) return;
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      if (this.controller.signal === signal) this.loading = false;
    }
    this.sendSnapshot();
    this.schedule();
    if (flapping && this.overview) this.flappingLoaded = this.addFlapping(flapping, this.overview);
  }

  /** The flapping resources join the overview they were asked with, when they arrive. */
  private async addFlapping(flapping: Promise<Flapping>, asked: OverviewDto): Promise<void> {
    try {
      const { resources, nodes } = await flapping;
      if (this.overview !== asked) return; // a newer overview is shown
      this.overview = { ...asked, flapping: resources };
      this.flappingNodes = nodes;
    } catch (error) {
      if (this.controller.signal.aborted || this.overview !== asked) return;
      this.error = error instanceof Error ? error.message : String(error);
    }
    this.sendSnapshot();
  }

  /** The next automatic refresh, when the setting asks for them and the panel can be seen. */
  private schedule(): void {
    clearTimeout(this.timer);
    const seconds = this.services.settings.overviewAutoRefreshSeconds();
    if (seconds <= 0 || this.restored) return;
    this.timer = setTimeout(() => {
      if (this.panel.visible) void this.refresh();
      else this.schedule();
    }, seconds * 1000);
  }

  protected sendSnapshot(): void {
    if (this.isListening) this.mark('ready');
    this.persist(this.restoreInfo());
    if (this.restored?.omitted !== undefined) {
      this.post({ type: 'restored', title: this.panel.title, note: this.restored });
      return;
    }
    if (this.overview) {
      this.post({
        type: 'overview',
        overview: this.overview,
        autoRefreshSeconds: this.services.settings.overviewAutoRefreshSeconds(),
        restored: this.restored,
      });
    } else if (!this.error) this.post({ type: 'loading', title: this.panel.title });
    if (this.error) this.post({ type: 'error', message: this.error });
  }

  protected readonly handlers: MessageHandlers<OverviewToHost> = {
    refresh: async ({ range }) => {
      this.range = range;
      await this.refresh();
    },
    openNodes: ({ count, environment }) =>
      showCountedNodes(this.services, this.connectionId, count, environment ?? this.environment),
    // the environment is the overview's own, never one the webview names
    openEvents: ({ filter }) =>
      openViews.events({
        connectionId: this.connectionId,
        fleet: {
          ...filter,
          ...(this.environment !== undefined && { environment: this.environment }),
        },
      }),
    // the nodes and the window are the host's own: a row only names its resource
    openFlapping: async ({ resourceType, resourceTitle }) => {
      if (!(await this.fetchedAgain())) return;
      const shown = this.overview?.flapping?.some(
        (resource) => resource.type === resourceType && resource.title === resourceTitle,
      );
      if (!shown || !this.overview) {
        reportDropped(
          this.services.log,
          'overview',
          'a message',
          `the overview shows no flapping resource ${resourceType.slice(0, 40)}[…]`,
        );
        return;
      }
      const certnames = this.flappingNodes.get(flappingKey(resourceType, resourceTitle));
      const fetchedAt = Date.parse(this.overview.fetchedAt);
      return openViews.events({
        connectionId: this.connectionId,
        fleet: {
          status: 'success',
          resourceType,
          resourceTitle,
          since: new Date(fetchedAt - FLAPPING_HOURS * 3_600_000).toISOString(),
          ...(this.environment !== undefined && { environment: this.environment }),
          // a view restored after a reload shows the rows without their nodes: every node's
          ...(certnames !== undefined &&
            certnames.length <= MAX_FLAPPING_CERTNAMES && { certnames }),
        },
      });
    },
    openRuns: async ({ bucket, status }) => {
      if (!(await this.fetchedAgain())) return;
      const window = this.runsWindow(bucket);
      if (!window) {
        reportDropped(
          this.services.log,
          'overview',
          'a message',
          `the runs chart shows no bucket "${String(bucket).slice(0, 40)}"`,
        );
        return;
      }
      return openViews.recentRuns({
        connectionId: this.connectionId,
        filter: {
          window,
          ...(status !== undefined && { status }),
          ...(this.environment !== undefined && { environment: this.environment }),
        },
      });
    },
    painted: ({ fetchedAt }) => {
      this.mark('painted');
      this.paintedAt.add(fetchedAt);
      for (const resolve of this.paintWaiters.get(fetchedAt) ?? []) resolve();
      this.paintWaiters.delete(fetchedAt);
    },
    showAllEnvironments: () => this.showEnvironment(undefined),
  };
}

function overviewTitle(
  services: Services,
  connectionId: string,
  environment: string | undefined,
): string {
  const name = services.store.get(connectionId)?.name ?? connectionId;
  return environment === undefined
    ? vscode.l10n.t('Overview · {0}', name)
    : vscode.l10n.t('Overview · {0} · {1}', name, environment);
}
