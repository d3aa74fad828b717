import * as vscode from 'vscode';
import { formatAge, formatTimestamp } from '../../shared/dateFormat';
import { runStatusLook, type StatusTone } from '../../shared/runStatusLook';
import { inert, type InertText } from '../inertText';
import { Settings } from '../settings';

/** The tree's colour for each tone of src/shared/runStatusLook.ts. */
const TONE_COLOURS: Readonly<Record<StatusTone, string>> = {
  error: 'charts.red',
  change: 'charts.blue',
  ok: 'charts.green',
  noop: 'charts.purple',
  muted: 'disabledForeground',
};

/** How a Puppet run status looks in the tree: icon and theme colour. */
export function statusIcon(status: string | undefined): vscode.ThemeIcon {
  const look = runStatusLook(status);
  return look.tone
    ? new vscode.ThemeIcon(look.icon, new vscode.ThemeColor(TONE_COLOURS[look.tone]))
    : new vscode.ThemeIcon(look.icon);
}

const settings = new Settings();

/** How long ago, in the user's locale ("3 minutes ago"). */
export function age(date: Date | undefined, now = Date.now()): InertText {
  return inert(formatAge(date, now, { locale: vscode.env.language }));
}

/** A date and time in the user's locale and time zone, or in UTC (`puppetdbExplorer.utcTimes`). */
export function timestamp(date: Date | undefined): InertText {
  return inert(formatTimestamp(date, { locale: vscode.env.language, utc: settings.utcTimes() }));
}

/** A value as one inert line: strings bare, the rest as compact JSON, cut at 200 characters. */
export function valueText(value: unknown): InertText {
  return inert(typeof value === 'string' ? value : JSON.stringify(value), { maxChars: 201 });
}
