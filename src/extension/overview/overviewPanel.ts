import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import {
  bucketBounds,
  FLAPPING_HOURS,
  type OverviewDto,
  type RunsRange,
} from '../../shared/overview';
import { MAX_FLAPPING_CERTNAMES, type RestoreInfo } from '../../shared/protocol';
import type { RunsWindow } from '../../shared/recentRuns';
import type { Services } from '../services';
import { Commands } from '../ids';
import { viewCommand, type PanelDefinition } from '../webviews/definePanel';
import { PaintedContent } from '../webviews/paintedContent';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { reportDropped } from '../webviews/droppedMessages';
import { openViews } from '../webviews/openViews';
import { fetchOverview, flappingKey, type Flapping } from './overviewQueries';
import type { HealthCounts } from '../../shared/overview';
import { showCountedNodes, showHealthNodes } from './showCountedNodes';
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
 * The overviews' panels: one per connection. "PuppetDB: Open Overview" opens one from the palette
 * (the active connection, or a pick), a connection of the tree, the status bar's menu, or
 * `{ connectionId, environment?, waitForPaint? }` (an Environments leaf narrows it to one
 * environment; tests, the bench: then it answers once the webview has painted the overview;
 * `waitForPaint: 'all'`, once the flapping resources and the health counts have joined it).
 * Opening it again brings it forward and refreshes it.
 */
export function overviewPanels(services: Services): PanelDefinition<'overview', OverviewPanel> {
  return {
    entry: 'overview',
    title: ({ connectionId, environment }) => overviewTitle(services, connectionId, environment),
    create: (opening) => new OverviewPanel(opening),
    command: viewCommand(Commands.openOverview, {
      command: 'Open Overview',
      connection: 'active',
      target: ({ from, fields: { environment, waitForPaint } }) =>
        from === 'object'
          ? { environment: typeof environment === 'string' ? environment : undefined, waitForPaint }
          : { environment: undefined, waitForPaint: false },
      open: async (overviews, { connectionId, target: { environment, waitForPaint } }) => {
        const { panel, isNew } = overviews.show({
          entry: 'overview',
          connectionId,
          range: 'hours',
          ...(environment !== undefined && { environment }),
        });
        await (isNew ? panel.loaded : panel.showEnvironment(environment));
        // 'all': once the parts that follow (flapping resources, health counts) joined it too
        if (waitForPaint === 'all') await panel.flappingLoaded;
        if (waitForPaint === true || waitForPaint === 'all') await panel.painted();
        return panel.info();
      },
    }),
  };
}

/**
 * The fleet at a glance for one connection: node counts by status and environment, runs over
 * time and what is going wrong, all computed by PuppetDB; refreshed on demand or every
 * `overview.autoRefreshSeconds` while the panel is visible.
 */
export class OverviewPanel extends WebviewPanelHost<'overview'> {
  private overview: OverviewDto | undefined;
  private loading = false;
  private controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** What the page painted (by `fetchedAt`). */
  private readonly paints = new PaintedContent();
  /** Settles when the flapping resources and health counts of the latest fetch have joined it. */
  flappingLoaded: Promise<void> = Promise.resolve();
  /** The nodes each shown flapping resource flaps on (by `flappingKey`); none after a reload. */
  private flappingNodes = new Map<string, string[]>();
  private readonly createdAt = performance.now();
  private readonly timings: OverviewPanelInfo['timings'] = {};
  private mark(step: keyof OverviewPanelInfo['timings']): void {
    this.timings[step] ??= performance.now() - this.createdAt;
  }
  readonly connectionId: string;
  private range: RunsRange;
  /** Set while the overview is narrowed to one environment (an Environments leaf). */
  private environment: string | undefined;

  /**
   * The overview of a connection to fetch (its runs chart by the hour), or after a window reload
   * what was kept, fetching nothing until "Load again".
   */
  constructor(opening: Opening<'overview'>) {
    super(opening);
    const { connectionId, range, environment } = opening.info;
    [this.connectionId, this.range, this.environment] = [connectionId, range, environment];
    this.panel.title = overviewTitle(this.services, connectionId, environment);
    this.onDidDispose(() => {
      this.controller.abort();
      clearTimeout(this.timer);
    });
    if (opening.revived) this.overview = opening.revived.kept?.content;
    else this.loaded = this.load();
  }

  info(): OverviewPanelInfo {
    return {
      ...this.commonInfo(),
      overview: this.overview,
      timings: { ...this.timings },
    };
  }

  /** Resolves once the webview has painted the overview shown now (or at once without one). */
  painted(): Promise<void> {
    return this.paints.wait(this.overview?.fetchedAt);
  }

  /** Asks PuppetDB again (the command on an open panel, the refresh button, the timer). */
  refresh(): Promise<void> {
    return this.reload();
  }

  protected reload(): Promise<void> {
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

  protected restoreInfo(): InfoOf<'overview'> {
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
    let health: Promise<HealthCounts> | undefined;
    let failed = false;
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
        noSuccessWithinHours: this.services.settings.noSuccessWithinHours(),
      });
      flapping = answers.flapping;
      flapping.catch(() => undefined); // said below, once the rest is shown
      health = answers.health;
      health.catch(() => undefined);
      const overview = await answers.overview;
      if (signal.aborted) return; // a newer fetch (another environment) is under way
      this.overview = overview;
      this.mark('answered');
      this.restored = undefined;
      this.failure = undefined;
    } catch (error) {
      if (signal.aborted) return;
      failed = true;
      // what was shown before (if anything) stays, under the error banner
      this.persist();
      this.fail(`Loading ${this.panel.title}`, error);
    } finally {
      if (this.controller.signal === signal) this.loading = false;
    }
    if (!failed) this.sendSnapshot();
    this.schedule();
    if (flapping && health && this.overview) {
      const asked = this.overview;
      this.flappingLoaded = Promise.all([
        this.addFlapping(flapping, asked),
        this.addHealth(health, asked),
      ]).then(() => undefined);
    }
  }

  /** The health counts join the overview they were asked with, when they arrive. */
  private async addHealth(health: Promise<HealthCounts>, asked: OverviewDto): Promise<void> {
    let counts: HealthCounts;
    try {
      counts = await health;
    } catch (error) {
      if (this.controller.signal.aborted || !this.isShowing(asked)) return;
      this.fail(`Loading the health counts of ${this.panel.title}`, error);
      return;
    }
    if (!this.isShowing(asked)) return; // a newer overview is shown
    this.overview = { ...this.overview!, health: counts };
    this.sendSnapshot();
  }

  /** Whether the overview shown is the one fetched at `asked` (its later parts joined or not). */
  private isShowing(asked: OverviewDto): boolean {
    return this.overview?.fetchedAt === asked.fetchedAt && this.overview.queryMs === asked.queryMs;
  }

  /** The flapping resources join the overview they were asked with, when they arrive. */
  private async addFlapping(flapping: Promise<Flapping>, asked: OverviewDto): Promise<void> {
    try {
      const { resources, nodes } = await flapping;
      if (!this.isShowing(asked)) return; // a newer overview is shown
      // the health counts may have joined it first
      this.overview = { ...this.overview!, flapping: resources };
      this.flappingNodes = nodes;
    } catch (error) {
      if (this.controller.signal.aborted || !this.isShowing(asked)) return;
      this.fail(`Loading the flapping resources of ${this.panel.title}`, error);
      return;
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
    this.persist();
    if (this.postRestoredNote()) return;
    if (this.overview) {
      this.post({
        type: 'overview',
        overview: this.overview,
        autoRefreshSeconds: this.services.settings.overviewAutoRefreshSeconds(),
        restored: this.restored,
      });
    } else if (!this.failure) this.post({ type: 'loading', title: this.panel.title });
    if (this.failure) this.post(this.failure);
  }

  protected readonly handlers: ViewHandlers<'overview'> = {
    refresh: async ({ range }) => {
      this.range = range;
      await this.refresh();
    },
    openNodes: ({ count, environment }) =>
      showCountedNodes(this.services, this.connectionId, count, environment ?? this.environment),
    openHealth: ({ tile }) =>
      showHealthNodes(this.services, this.connectionId, tile, this.environment),
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
      this.paints.paint(fetchedAt);
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
