import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { VscodeTextfield } from '@vscode-elements/elements/dist/vscode-textfield/vscode-textfield.js';

/**
 * A page's text filter: the filter icon before the words, a placeholder that says what it
 * searches, and an accessible name (the textfield's `label`, given to its inner input) that says
 * what it filters.
 */
export function filterField(options: {
  placeholder: string;
  label: string;
  className?: string;
}): VscodeTextfield {
  const field = document.createElement('vscode-textfield');
  if (options.className) field.className = options.className;
  field.placeholder = options.placeholder;
  field.label = options.label;
  const icon = document.createElement('span');
  icon.slot = 'content-before';
  icon.className = 'codicon codicon-filter';
  icon.setAttribute('aria-hidden', 'true');
  field.append(icon);
  return field;
}
