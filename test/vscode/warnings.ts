/**
 * Answers the extension's warnings (a modal's question among them) for one test, so that none is
 * left open: `vscode.window.showWarningMessage` is replaced until `restore()`, every call is
 * recorded (message, detail, whether it was modal, its buttons) and answered with `answer`.
 */
import * as vscode from 'vscode';

export interface AskedWarning {
  message: string;
  detail: string;
  modal: boolean;
  buttons: string[];
}

export function answerWarnings(answer: string | undefined): {
  asked: AskedWarning[];
  restore(): void;
} {
  const window = vscode.window as { showWarningMessage: (...args: unknown[]) => unknown };
  const original = window.showWarningMessage;
  const asked: AskedWarning[] = [];
  window.showWarningMessage = (message: unknown, ...rest: unknown[]) => {
    const options =
      typeof rest[0] === 'object' && rest[0] !== null && !('title' in rest[0])
        ? (rest.shift() as { modal?: boolean; detail?: string })
        : {};
    asked.push({
      message: String(message),
      detail: options.detail ?? '',
      modal: options.modal === true,
      buttons: rest.map((item) =>
        typeof item === 'string' ? item : String((item as { title?: unknown }).title),
      ),
    });
    return Promise.resolve(answer);
  };
  return { asked, restore: () => (window.showWarningMessage = original) };
}
