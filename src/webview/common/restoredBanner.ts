/**
 * The note above a panel restored after a window reload: what is shown is what was shown before
 * (nothing was asked of PuppetDB), with the one action that fetches it anew.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { RestoredNote } from '../../shared/protocol';
import './restoredBanner.css';

export function restoredBanner(
  note: RestoredNote,
  action: 'Run again' | 'Load again',
  onAction: () => void,
): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'restored-banner';
  banner.setAttribute('role', 'status');
  const text = document.createElement('span');
  const when = note.savedAt ? ` (as of ${new Date(note.savedAt).toLocaleString()})` : '';
  text.textContent =
    note.omitted !== undefined
      ? `Restored after the window reloaded. ${note.omitted} Nothing was sent to PuppetDB.`
      : `Shown as before the window reloaded${when}. Nothing was sent to PuppetDB.`;
  const button = document.createElement('vscode-button');
  button.className = 'restored-action';
  button.textContent = action;
  button.title =
    action === 'Run again' ? 'Run the query on PuppetDB now' : 'Load it from PuppetDB now';
  button.addEventListener('click', onAction);
  banner.append(text, button);
  return banner;
}
