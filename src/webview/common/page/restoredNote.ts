/**
 * The note above a panel restored after a window reload: what is shown is what was shown before
 * (nothing was asked of PuppetDB), with the one action that fetches it anew. Part of the page
 * frame (pageFrame.ts); its date follows the page's date style.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { RestoredNote } from '../../../shared/protocol';
import { dateText } from '../dateStyle';
import './restoredNote.css';

export type ReloadLabel = 'Run again' | 'Load again';

export function restoredNote(
  note: RestoredNote,
  action: ReloadLabel,
  onAction: () => void,
): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'restored-banner';
  banner.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = restoredText(note);
  const button = document.createElement('vscode-button');
  button.className = 'restored-action';
  button.textContent = action;
  button.title =
    action === 'Run again' ? 'Run the query on PuppetDB now' : 'Load it from PuppetDB now';
  button.addEventListener('click', onAction);
  banner.append(text, button);
  return banner;
}

function restoredText(note: RestoredNote): string {
  if (note.omitted !== undefined) {
    return `Restored after the window reloaded. ${note.omitted} Nothing was sent to PuppetDB.`;
  }
  const when = note.savedAt ? ` (as of ${dateText(note.savedAt)})` : '';
  return `Shown as before the window reloaded${when}. Nothing was sent to PuppetDB.`;
}
