/**
 * Every view's error banner (part of the page frame, pageFrame.ts): what failed, PuppetDB's
 * preformatted detail when it sent one, and the same actions everywhere: Retry (the view's own
 * reload), Edit Connection when the connection's settings are the likely fix, and Show Log (the
 * failure is written there with its causes).
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { ErrorBannerAction } from '../../../shared/protocol';
import './errorBanner.css';

export interface BannerError {
  message: string;
  /** Preformatted text (PuppetDB's echo of a query with a caret under the problem). */
  detail?: string;
  /** The connection's settings are the likely fix: Edit Connection is offered. */
  editConnection?: boolean;
}

export interface BannerActions {
  retry(): void;
  /** Show Log and Edit Connection, posted to the host (which answers them the same for every view). */
  post: (action: ErrorBannerAction) => void;
}

/** Fills `banner` (role=alert) with `error` and its actions. */
export function fillErrorBanner(
  banner: HTMLElement,
  error: BannerError,
  actions: BannerActions,
): void {
  const message = document.createElement('div');
  message.className = 'banner-message';
  message.textContent = error.message;
  banner.replaceChildren(message);
  if (error.detail) {
    const detail = document.createElement('pre');
    detail.className = 'banner-detail mono';
    detail.textContent = error.detail;
    banner.append(detail);
  }
  // Retry, then what helps find out why it failed (the connection's form, the log)
  const row = document.createElement('div');
  row.className = 'banner-actions';
  const retry = actionButton('Retry', 'Ask PuppetDB again', () => actions.retry());
  retry.classList.add('banner-retry');
  const diagnose = document.createElement('span');
  diagnose.className = 'error-actions';
  row.append(retry, diagnose);
  const { post } = actions;
  if (error.editConnection) {
    diagnose.append(
      actionButton(
        'Edit Connection…',
        'Open the connection form of this PuppetDB',
        () => post({ type: 'editConnection' }),
        'secondary',
      ),
    );
  }
  diagnose.append(
    actionButton(
      'Show Log',
      'Show the PuppetDB Explorer log, where the failure is written with its causes',
      () => post({ type: 'showLog' }),
      'secondary',
    ),
  );
  banner.append(row);
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
