/**
 * A form of several quick inputs with a Back button on every step after the first. Each step
 * reads and writes one draft object, so going back shows what was typed, and the runner keeps
 * the steps actually visited, so Back skips steps that did not apply (e.g. TLS over http://).
 */
import * as vscode from 'vscode';
import { inert } from '../inertText';

/** The user pressed Back, or closed the input (Escape, focus elsewhere). */
export const BACK = Symbol('back');
export const CANCEL = Symbol('cancel');
type Flow = typeof BACK | typeof CANCEL;

/** A step returns the name of the next step, 'done', or BACK / CANCEL. */
export type StepOutcome<Name extends string> = Name | 'done' | Flow;
export type Step<Name extends string> = (ui: StepUi) => Promise<StepOutcome<Name>>;

/** Runs the steps from `first`; true when the last step said 'done', false when cancelled. */
export async function runSteps<Name extends string>(
  steps: Record<Name, Step<Name>>,
  first: Name,
  title: string,
): Promise<boolean> {
  const visited: Name[] = [];
  let current: Name = first;
  for (;;) {
    const outcome = await steps[current](new StepUi(title, visited.length > 0));
    if (outcome === CANCEL) return false;
    if (outcome === 'done') return true;
    if (outcome === BACK) {
      const previous = visited.pop();
      if (previous === undefined) return false;
      current = previous;
      continue;
    }
    visited.push(current);
    current = outcome;
  }
}

export interface InputOptions {
  /** Shown after the form's title, e.g. "URL". */
  step: string;
  prompt?: string;
  value?: string;
  placeholder?: string;
  password?: boolean;
  /** Checked as the user types. */
  validate?: (value: string) => string | undefined;
  /** Checked when the user presses Enter (e.g. reading a file); the input waits meanwhile. */
  validateOnAccept?: (value: string) => Promise<string | undefined>;
  /** A button beside the input that proposes a value (e.g. a file picker); undefined keeps it. */
  browse?: { tooltip: string; pick: (value: string) => Thenable<string | undefined> };
}

export interface PickOptions<T extends vscode.QuickPickItem> {
  step: string;
  items: readonly T[];
  active?: T;
  placeholder?: string;
}

/** One quick input of a step, with Back when a step came before it. */
export class StepUi {
  constructor(
    private readonly title: string,
    private readonly canGoBack: boolean,
  ) {}

  input(options: InputOptions): Promise<string | Flow> {
    const box = vscode.window.createInputBox();
    box.title = `${this.title}: ${options.step}`;
    box.prompt = options.prompt;
    box.value = options.value ?? '';
    box.placeholder = options.placeholder;
    box.password = options.password ?? false;
    box.ignoreFocusOut = true;
    const browseButton: vscode.QuickInputButton | undefined = options.browse && {
      iconPath: new vscode.ThemeIcon('folder-opened'),
      tooltip: options.browse.tooltip,
    };
    box.buttons = [
      ...(this.canGoBack ? [vscode.QuickInputButtons.Back] : []),
      ...(browseButton ? [browseButton] : []),
    ];
    const check = (value: string) => {
      box.validationMessage = options.validate?.(value);
    };
    check(box.value);
    // a file dialog may itself be a quick input, which hides this one for a while
    let browsing = false;
    return untilSettled<string | Flow>(box, (finish, settled) => {
      const accept = async () => {
        const value = box.value;
        if (options.validate?.(value)) return;
        if (options.validateOnAccept) {
          box.busy = true;
          box.enabled = false;
          const problem = await options.validateOnAccept(value);
          box.busy = false;
          box.enabled = true;
          if (problem) {
            // a file's or a server's words (a PEM file's error): text, never a link
            box.validationMessage = inert(problem);
            return;
          }
        }
        finish(value);
      };
      return [
        box.onDidChangeValue(check),
        box.onDidAccept(() => void accept()),
        box.onDidHide(() => {
          if (!browsing) finish(CANCEL);
        }),
        box.onDidTriggerButton(async (button) => {
          if (button === vscode.QuickInputButtons.Back) return finish(BACK);
          if (button !== browseButton || !options.browse) return;
          browsing = true;
          const picked = await options.browse.pick(box.value).then(
            (value) => value,
            () => undefined,
          );
          browsing = false;
          if (settled()) return;
          box.show();
          if (picked === undefined) return;
          box.value = picked;
          check(picked);
          await accept();
        }),
      ];
    });
  }

  pick<T extends vscode.QuickPickItem>(options: PickOptions<T>): Promise<T | Flow> {
    const quickPick = vscode.window.createQuickPick<T>();
    quickPick.title = `${this.title}: ${options.step}`;
    quickPick.placeholder = options.placeholder;
    quickPick.items = options.items;
    if (options.active) quickPick.activeItems = [options.active];
    quickPick.ignoreFocusOut = true;
    quickPick.buttons = this.canGoBack ? [vscode.QuickInputButtons.Back] : [];
    return untilSettled<T | Flow>(quickPick, (finish) => [
      quickPick.onDidAccept(() => {
        const [selected] = quickPick.selectedItems;
        if (selected) finish(selected);
      }),
      quickPick.onDidHide(() => finish(CANCEL)),
      quickPick.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish(BACK);
      }),
    ]);
  }
}

/**
 * Shows `input` until it settles, once: `listen` wires its events to `finish`, which disposes
 * those listeners and the input and resolves with the outcome (later calls do nothing).
 */
function untilSettled<T>(
  input: vscode.QuickInput,
  listen: (finish: (outcome: T) => void, settled: () => boolean) => vscode.Disposable[],
): Promise<T> {
  return new Promise<T>((resolve) => {
    let settled = false;
    const disposables: vscode.Disposable[] = [];
    const finish = (outcome: T) => {
      if (settled) return;
      settled = true;
      disposables.forEach((disposable) => disposable.dispose());
      input.dispose();
      resolve(outcome);
    };
    disposables.push(...listen(finish, () => settled));
    input.show();
  });
}
