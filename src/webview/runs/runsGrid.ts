/**
 * The recent runs' columns on the one grid: status (the tree's icon and colour), when it
 * finished, the node, its environment, how long it ran, the configuration and Puppet versions.
 * Every value is set as text: a certname or an environment that looks like markup stays text.
 */
import { formatDuration } from '../../shared/dateFormat';
import { valueSortKey } from '../../shared/gridSort';
import { runSeconds, type RunRow } from '../../shared/recentRuns';
import { runStatusLook } from '../../shared/runStatusLook';
import { tableDateText } from '../common/dateStyle';
import type { ModelGridColumn } from '../common/grid/modelGrid';

const statusParts = new WeakMap<
  HTMLElement,
  { icon: HTMLElement; label: HTMLElement; kind?: string }
>();

const statusText = (row: RunRow) => `${row.status ?? 'unknown'}${row.noop ? ' · noop' : ''}`;

export function runsColumns(): Array<ModelGridColumn<RunRow>> {
  return [
    {
      key: 'status',
      label: 'Status',
      width: 120,
      grow: 0.8,
      className: 'runs-cell-status',
      text: statusText,
      create: (cell) => {
        const icon = document.createElement('span');
        icon.setAttribute('aria-hidden', 'true');
        const label = document.createElement('span');
        cell.append(icon, label);
        statusParts.set(cell, { icon, label });
      },
      fill: (cell, row) => {
        // the tree's icon for the status, in its status colour, before the text
        const parts = statusParts.get(cell)!;
        const look = runStatusLook(row.status);
        if (parts.kind !== look.icon) {
          parts.icon.className = `codicon codicon-${look.icon} ${look.tone ? `status-mark-${look.tone}` : ''}`;
          parts.kind = look.icon;
        }
        parts.label.textContent = statusText(row);
        cell.title = statusText(row);
      },
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
  ];
}
