/**
 * The recent runs' columns on the one grid: status (the tree's icon and colour), when it
 * finished, the node, its environment, how long it ran, the configuration and Puppet versions,
 * what the run changed (corrective, intentional, mixed, unknown or none: runChange()) and how
 * long ago its node last ran without failing (marked past `history.noSuccessWithinHours`).
 * Every value is set as text: a certname or an environment that looks like markup stays text.
 */
import { valueSortKey } from '../../shared/gridSort';
import { formatAge, formatDuration } from '../../shared/dateFormat';
import { hoursSince, type RunChange } from '../../shared/history';
import type { RunsHealth } from '../../shared/protocol';
import { rowChange, runSeconds, type RunRow } from '../../shared/recentRuns';
import { runStatusLook } from '../../shared/runStatusLook';
import { tableDateText } from '../common/dateStyle';
import { iconLabelCell } from '../common/grid/iconCell';
import type { ModelGridColumn } from '../common/grid/modelGrid';

const statusText = (row: RunRow) => `${row.status ?? 'unknown'}${row.noop ? ' · noop' : ''}`;

/** What the page holds beside the rows: the runs' changes and the nodes' last successes. */
export interface RunsExtras {
  changes: Record<string, RunChange> | undefined;
  health: RunsHealth | undefined;
}

/** The Change column's text: "…" while PuppetDB is asked. */
export const changeText = (row: RunRow, extras: RunsExtras): string =>
  rowChange(row, extras.changes) ?? (extras.changes ? '' : '…');

/** The node's last successful run, as its age, marked past the threshold; "never" without one. */
export function lastSuccessText(row: RunRow, { health }: RunsExtras, now = Date.now()): string {
  if (!health) return '…';
  const end = Object.hasOwn(health.lastSuccess, row.certname)
    ? health.lastSuccess[row.certname]
    : undefined;
  const hours = hoursSince(end === undefined ? undefined : { endTime: end }, new Date(now));
  if (hours === undefined) return 'never';
  const age = formatAge(new Date(end!), now);
  return hours > health.noSuccessWithinHours
    ? `${age} · over ${health.noSuccessWithinHours} h`
    : age;
}

export function runsColumns(extras: RunsExtras): Array<ModelGridColumn<RunRow>> {
  return [
    {
      key: 'status',
      label: 'Status',
      width: 120,
      grow: 0.8,
      className: 'runs-cell-status',
      text: statusText,
      // the tree's icon for the status, in its status colour, before the text
      ...iconLabelCell((row: RunRow) => {
        const look = runStatusLook(row.status);
        return {
          icon: look.icon,
          iconClass: look.tone && `status-mark-${look.tone}`,
          label: statusText(row),
          title: statusText(row),
        };
      }),
    },
    {
      key: 'end',
      label: 'Finished',
      width: 190,
      grow: 1,
      className: 'runs-cell-end',
      text: (row) => tableDateText(row.endTime),
      sortKey: (row) => valueSortKey(Date.parse(row.endTime)),
    },
    {
      key: 'certname',
      label: 'Node',
      width: 220,
      grow: 1.6,
      className: 'runs-cell-certname',
      hideable: false,
      text: (row) => row.certname,
      textOrder: 'natural',
      sortKey: (row) => valueSortKey(row.certname, 'natural'),
    },
    {
      key: 'environment',
      label: 'Environment',
      width: 110,
      grow: 0.8,
      className: 'runs-cell-environment',
      text: (row) => row.environment ?? '',
    },
    {
      key: 'change',
      label: 'Change',
      width: 100,
      grow: 0.6,
      className: 'runs-cell-change',
      text: (row) => changeText(row, extras),
    },
    {
      key: 'lastSuccess',
      label: 'Last success',
      width: 150,
      grow: 0.8,
      className: 'runs-cell-last-success',
      text: (row) => lastSuccessText(row, extras),
      sortKey: (row) => {
        const end = extras.health?.lastSuccess[row.certname];
        return valueSortKey(end === undefined ? undefined : Date.parse(end));
      },
    },
    {
      key: 'duration',
      label: 'Run time',
      width: 80,
      grow: 0.5,
      className: 'runs-cell-duration',
      text: (row) => {
        const seconds = runSeconds(row);
        return seconds === undefined ? '' : formatDuration(seconds * 1000);
      },
      sortKey: (row) => valueSortKey(runSeconds(row)),
    },
    {
      key: 'version',
      label: 'Configuration',
      width: 110,
      grow: 0.8,
      className: 'runs-cell-version',
      text: (row) => row.configurationVersion ?? '',
    },
    {
      key: 'puppet',
      label: 'Puppet',
      width: 70,
      grow: 0.5,
      className: 'runs-cell-puppet',
      text: (row) => row.puppetVersion ?? '',
      textOrder: 'natural',
      sortKey: (row) => valueSortKey(row.puppetVersion, 'natural'),
    },
    {
      // a failed run's node, walked back to its last good run (the compare-runs view)
      key: 'why',
      label: 'Why failing',
      width: 100,
      className: 'runs-cell-why',
      text: (row) => (row.status === 'failed' ? 'Why failing?' : ''),
      link: (row) => row.status === 'failed',
    },
  ];
}
