/**
 * Parts of a page's toolbar: a labelled choice among fixed values (a filter), and the count a
 * screen reader hears when it changes.
 */
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';

/** A single-select named `label` offering `choices` (value, words), the first selected. */
export function choiceSelect(
  label: string,
  choices: ReadonlyArray<readonly [value: string, words: string]>,
): HTMLElementTagNameMap['vscode-single-select'] {
  const select = document.createElement('vscode-single-select');
  select.label = label;
  for (const [value, words] of choices) {
    const option = document.createElement('vscode-option');
    option.value = value;
    option.textContent = words;
    select.append(option);
  }
  return select;
}

/** A muted count whose changes are announced (role status). */
export function statusCount(className: string): HTMLElement {
  const count = document.createElement('span');
  count.className = `muted ${className}`;
  count.setAttribute('role', 'status');
  return count;
}
