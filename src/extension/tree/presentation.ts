import * as vscode from 'vscode';
import { formatAge, formatTimestamp } from '../../shared/dateFormat';
import { inert, type InertText } from '../inertText';
import { Settings } from '../settings';

/** How a Puppet run status looks in the tree: icon and theme colour. */
export function statusIcon(status: string | undefined): vscode.ThemeIcon {
  switch (status) {
    case 'failed':
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('charts.red'));
    case 'changed':
      return new vscode.ThemeIcon('sync', new vscode.ThemeColor('charts.blue'));
    case 'unchanged':
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('charts.green'));
    case 'noop':
      return new vscode.ThemeIcon('circle-large-outline', new vscode.ThemeColor('charts.purple'));
    case 'unreported':
      return new vscode.ThemeIcon('question', new vscode.ThemeColor('disabledForeground'));
    default:
      return new vscode.ThemeIcon('circle-outline');
  }
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
