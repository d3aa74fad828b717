import * as vscode from 'vscode';
import { inert } from '../inertText';
import { planSave, type ConnectionFormResult } from './connectionChange';
import type { ConnectionStore } from './connectionStore';
import { clearTextWarning, type ClearTextRisk } from './credentialChecks';

/** Asks, in a modal naming the host and the risk, whether a secret may go over plain HTTP. */
export async function confirmClearText(risk: ClearTextRisk): Promise<boolean> {
  const { message, detail } = clearTextWarning(risk);
  const send = vscode.l10n.t('Send in Clear Text');
  // the host and URL may come from a command's argument or a puppetdb.conf: text, never a link
  const answer = await vscode.window.showWarningMessage(
    inert(message),
    { modal: true, detail: inert(detail, { maxChars: 2000 }) },
    send,
  );
  return answer === send;
}

/**
 * Saves what a connection form (or Add Connection's argument) produced: the settings entry, the
 * secrets given, and, when an authentication was chosen, the deletion of every other kind's
 * secrets and paths, so that an old token or password is never sent again.
 */
export async function applyConnectionForm(
  store: ConnectionStore,
  result: ConnectionFormResult,
): Promise<string> {
  const plan = planSave(result);
  await store.save(plan.connection, plan.secrets);
  return plan.connection.id;
}
