import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import type { VscodeCheckbox } from '@vscode-elements/elements/dist/vscode-checkbox/vscode-checkbox.js';
import type { VscodeMultiSelect } from '@vscode-elements/elements/dist/vscode-multi-select/vscode-multi-select.js';
import type { VscodeToolbarButton } from '@vscode-elements/elements/dist/vscode-toolbar-button/vscode-toolbar-button.js';
import type { RelationshipGroup } from '../../shared/catalogGraphModel';

export type ToolbarAction =
  | 'focus'
  | 'collapse'
  | 'expandAll'
  | 'direction'
  | 'fit'
  | 'zoomIn'
  | 'zoomOut'
  | 'compare'
  | 'refresh'
  | 'reveal'
  | 'png'
  | 'svg';

export interface ToolbarEvents {
  search(query: string, next: boolean): void;
  relationship(group: RelationshipGroup, shown: boolean): void;
  types(shown: string[]): void;
  action(action: ToolbarAction): void;
}

const GROUPS: Array<[RelationshipGroup, string, string]> = [
  ['contains', 'Containment', 'Show containment edges (class → resource), drawn faint'],
  ['ordering', 'before / require', 'Show ordering edges (before, require), drawn solid'],
  ['refresh', 'notify / subscribe', 'Show refresh edges (notify, subscribe), drawn dashed'],
];

const ACTIONS: Array<[ToolbarAction, string, string]> = [
  ['focus', 'target', 'Focus: only what the selected resource depends on and what depends on it'],
  ['collapse', 'fold', 'Collapse the selected class or defined type into one node (or expand it)'],
  ['expandAll', 'unfold', 'Expand every collapsed node'],
  ['direction', 'arrow-swap', 'Lay out top-down instead of left-to-right (or back)'],
  ['fit', 'screen-full', 'Fit the graph to the view'],
  ['zoomIn', 'zoom-in', 'Zoom in'],
  ['zoomOut', 'zoom-out', 'Zoom out'],
  ['compare', 'diff', 'Compare with the previous catalog or another node’s…'],
  ['refresh', 'refresh', 'Fetch the catalog again'],
  ['reveal', 'list-tree', 'Reveal the node in the explorer'],
  ['png', 'file-media', 'Export as PNG…'],
  ['svg', 'file-code', 'Export as SVG…'],
];

/** The toolbar: search, relationship and type filters, and the view's actions. */
export class Toolbar {
  readonly element = document.createElement('div');
  private readonly search = document.createElement('vscode-textfield');
  private readonly matches = document.createElement('span');
  private readonly typeSelect = document.createElement('vscode-multi-select') as VscodeMultiSelect;
  private readonly checks = new Map<RelationshipGroup, VscodeCheckbox>();
  private readonly buttons = new Map<ToolbarAction, VscodeToolbarButton>();

  constructor(events: ToolbarEvents) {
    this.element.className = 'toolbar';
    this.element.setAttribute('role', 'toolbar');
    this.search.placeholder = 'Find Type[title]…';
    this.search.setAttribute('aria-label', 'Find a resource by type or title (Enter: next match)');
    this.search.className = 'search';
    this.search.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') events.search(this.search.value, true);
    });
    this.search.addEventListener('input', () => events.search(this.search.value, false));
    this.matches.className = 'muted match-count';
    this.matches.setAttribute('aria-live', 'polite');

    const filters = group('filters');
    for (const [key, label, title] of GROUPS) {
      const box = document.createElement('vscode-checkbox');
      box.label = label;
      box.title = title;
      box.checked = true;
      box.dataset.group = key;
      box.addEventListener('change', () => events.relationship(key, box.checked));
      this.checks.set(key, box);
      filters.append(box);
    }
    this.typeSelect.className = 'type-filter';
    this.typeSelect.setAttribute('aria-label', 'Resource types shown');
    this.typeSelect.title = 'Resource types shown';
    this.typeSelect.addEventListener('change', () => events.types(this.typeSelect.value));
    const typesLabel = document.createElement('span');
    typesLabel.textContent = 'Types';
    typesLabel.className = 'muted';
    filters.append(typesLabel, this.typeSelect);

    const actions = group('actions');
    for (const [key, icon, label] of ACTIONS) {
      const button = document.createElement('vscode-toolbar-button');
      button.icon = icon;
      button.label = label;
      button.title = label;
      button.dataset.action = key;
      button.toggleable = key === 'focus' || key === 'direction';
      button.addEventListener('click', () => {
        if (button.getAttribute('aria-disabled') !== 'true') events.action(key);
      });
      this.buttons.set(key, button);
      actions.append(button);
    }
    const searchGroup = group('search-group');
    searchGroup.append(this.search, this.matches);
    this.element.append(searchGroup, filters, actions);
  }

  /** The catalog's types, each shown unless hidden. */
  setTypes(types: readonly string[], hidden: readonly string[]): void {
    this.typeSelect.replaceChildren(
      ...types.map((type) => {
        const option = document.createElement('vscode-option');
        option.value = type;
        option.textContent = type;
        option.selected = !hidden.includes(type);
        return option;
      }),
    );
  }

  setRelationships(hidden: readonly RelationshipGroup[]): void {
    for (const [key, box] of this.checks) box.checked = !hidden.includes(key);
  }

  /** As a new page has it: no search, no match count, every filter on, no types yet. */
  reset(): void {
    this.search.value = '';
    this.setMatches('');
    this.setTypes([], []);
    this.setRelationships([]);
    this.setState({
      focus: false,
      topDown: false,
      selected: false,
      collapsible: false,
      collapsed: false,
    });
  }

  focusSearch(): void {
    this.search.focus();
  }

  query(): string {
    return this.search.value;
  }

  setMatches(text: string): void {
    this.matches.textContent = text;
  }

  /** Reflects the view's state: toggles, and what needs a selection. */
  setState(state: {
    focus: boolean;
    topDown: boolean;
    selected: boolean;
    collapsible: boolean;
    collapsed: boolean;
  }): void {
    // the toolbar button has no `disabled`: aria-disabled tells assistive technology, CSS dims it
    const enable = (key: ToolbarAction, enabled: boolean) =>
      this.buttons.get(key)!.setAttribute('aria-disabled', String(!enabled));
    this.buttons.get('focus')!.checked = state.focus;
    this.buttons.get('direction')!.checked = state.topDown;
    enable('focus', state.selected || state.focus);
    enable('collapse', state.collapsible);
    enable('expandAll', state.collapsed);
  }
}

function group(className: string): HTMLElement {
  const element = document.createElement('div');
  element.className = `toolbar-group ${className}`;
  return element;
}
