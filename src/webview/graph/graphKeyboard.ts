import type { Direction } from '../../shared/graphNavigation';

export interface GraphKeyActions {
  move(direction: Direction): void;
  /** Enter: bring the selected resource into the middle of the view. */
  centre(): void;
  clear(): void;
  toggleFocus(): void;
  toggleCollapse(): void;
  zoom(factor: number): void;
  fit(): void;
  search(): void;
}

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** What the keys do: the canvas's label (read by screen readers), and shown in the legend while the canvas has keyboard focus. */
export const GRAPH_KEYS_HELP =
  'Arrows: move · Enter: centre · F: focus mode · C: collapse · + − 0: zoom, fit · /: find · Esc: clear';

/**
 * Keyboard use of the graph canvas: it takes focus (Tab, or a click) and the keys act on the
 * selected resource. Keys with Ctrl, Alt or Cmd are left to VS Code.
 */
export function bindGraphKeys(canvas: HTMLElement, actions: GraphKeyActions): void {
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-roledescription', 'catalog graph');
  canvas.setAttribute('aria-label', `Catalog graph. ${GRAPH_KEYS_HELP}`);
  // cytoscape takes the pointer events of its canvas, so the click does not focus it by itself
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));
  canvas.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const direction = ARROWS[event.key];
    const action: (() => void) | undefined = direction
      ? () => actions.move(direction)
      : {
          Enter: actions.centre,
          ' ': actions.centre,
          Escape: actions.clear,
          f: actions.toggleFocus,
          F: actions.toggleFocus,
          c: actions.toggleCollapse,
          C: actions.toggleCollapse,
          '+': () => actions.zoom(1.25),
          '=': () => actions.zoom(1.25),
          '-': () => actions.zoom(1 / 1.25),
          '0': actions.fit,
          '/': actions.search,
        }[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  });
}
