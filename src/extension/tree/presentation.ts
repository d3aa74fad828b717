import * as vscode from 'vscode';

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

export function age(date: Date | undefined, now = Date.now()): string {
  if (!date) return 'never';
  const minutes = Math.round((now - date.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export function timestamp(date: Date | undefined): string {
  return date
    ? date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : '—';
}

/** A value as one line: strings bare, the rest as compact JSON, cut at 200 characters. */
export function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
