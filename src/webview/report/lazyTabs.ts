/**
 * Tabs whose panels are built when first selected: the report opens on one tab, and building the
 * others' grids and select controls up front (each measures its layout) cost the report's first
 * paint more than everything on screen did.
 */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import type { VscodeTabs } from '@vscode-elements/elements/dist/vscode-tabs/vscode-tabs.js';

export interface LazyTab {
  label: string;
  /** A counter badge after the label (the number of rows the panel lists). */
  count?: number;
  /** The panel's class. */
  className: string;
  /** The panel's content, built the first time the tab is selected. */
  build(): HTMLElement;
}

function header(label: string, count: number | undefined): HTMLElement {
  const element = document.createElement('vscode-tab-header');
  element.slot = 'header';
  element.append(label);
  if (count !== undefined) {
    const badge = document.createElement('vscode-badge');
    badge.variant = 'counter';
    badge.slot = 'content-after';
    badge.textContent = String(count);
    element.append(badge);
  }
  return element;
}

/**
 * The tabs, `selected` chosen (its panel built now); `onSelect` hears each selection the user
 * makes, after the selected panel is built.
 */
export function lazyTabs(
  tabs: readonly LazyTab[],
  selected: number,
  onSelect: (index: number) => void,
): VscodeTabs {
  const element = document.createElement('vscode-tabs');
  const panels = tabs.map(({ className }) => {
    const panel = document.createElement('vscode-tab-panel');
    panel.className = className;
    return panel;
  });
  const built = new Set<number>();
  const build = (index: number) => {
    const tab = tabs[index];
    if (!tab || built.has(index)) return;
    built.add(index);
    panels[index]!.append(tab.build());
  };
  element.append(...tabs.map(({ label, count }) => header(label, count)), ...panels);
  const first = Math.min(Math.max(selected, 0), tabs.length - 1);
  build(first);
  element.selectedIndex = first;
  element.addEventListener('vsc-tabs-select', () => {
    build(element.selectedIndex);
    onSelect(element.selectedIndex);
  });
  return element;
}
