/**
 * The actions under every view's error banner: Show Log (the failure is there with its causes)
 * and, when the connection's settings are the likely fix, Edit Connection.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { ErrorBannerAction } from '../../shared/protocol';
import './errorActions.css';

export function errorActions(
  editConnection: boolean | undefined,
  post: (message: ErrorBannerAction) => void,
): HTMLElement {
  const actions = document.createElement('div');
  actions.className = 'error-actions';
  if (editConnection) {
    actions.append(
      actionButton('Edit Connection…', 'Open the connection form of this PuppetDB', () =>
        post({ type: 'editConnection' }),
      ),
    );
  }
  actions.append(
    actionButton(
      'Show Log',
      'Show the PuppetDB Explorer log, where the failure is written with its causes',
      () => post({ type: 'showLog' }),
      editConnection ? 'secondary' : undefined,
    ),
  );
  return actions;
}

function actionButton(
  label: string,
  title: string,
  onClick: () => void,
  variant?: 'secondary',
): HTMLElement {
  const button = document.createElement('vscode-button');
  button.textContent = label;
  button.title = title;
  if (variant) button.setAttribute(variant, '');
  button.addEventListener('click', onClick);
  return button;
}
