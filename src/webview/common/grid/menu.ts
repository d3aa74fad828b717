/**
 * A small popup menu (role=menu) for the grids' context menus: opened by a right click, or from
 * the keyboard with Shift+F10 or the context menu key; the arrows, Home and End move between its
 * items, Enter or Space chooses, Escape (or a click elsewhere, or Tab) closes it and gives the
 * focus back to where it was. Labels are set as text.
 */
import './menu.css';

export type MenuItem =
  { label: string; run(): void; disabled?: boolean; checked?: boolean } | { separator: true };

let open: { element: HTMLElement; close(refocus: boolean): void } | undefined;

/** Opens a menu of `items` at `at` (client coordinates); `returnFocus` gets the focus back. */
export function showMenu(
  items: readonly MenuItem[],
  at: { x: number; y: number },
  returnFocus: HTMLElement,
  label: string,
): void {
  open?.close(false);
  const menu = document.createElement('div');
  menu.className = 'grid-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', label);
  const choices: HTMLElement[] = [];
  for (const item of items) {
    if ('separator' in item) {
      const line = document.createElement('div');
      line.className = 'grid-menu-separator';
      line.setAttribute('role', 'separator');
      menu.append(line);
      continue;
    }
    const choice = document.createElement('div');
    choice.className = 'grid-menu-item';
    choice.tabIndex = -1;
    choice.textContent = item.label;
    if (item.checked === undefined) choice.setAttribute('role', 'menuitem');
    else {
      choice.setAttribute('role', 'menuitemcheckbox');
      choice.setAttribute('aria-checked', String(item.checked));
    }
    if (item.disabled) choice.setAttribute('aria-disabled', 'true');
    const choose = () => {
      if (item.disabled) return;
      close(true);
      item.run();
    };
    choice.addEventListener('click', choose);
    choice.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        choose();
      }
    });
    choices.push(choice);
    menu.append(choice);
  }
  const move = (delta: number | 'first' | 'last') => {
    const current = choices.indexOf(document.activeElement as HTMLElement);
    const next =
      delta === 'first'
        ? 0
        : delta === 'last'
          ? choices.length - 1
          : (current + delta + choices.length) % choices.length;
    choices[next]?.focus();
  };
  menu.addEventListener('keydown', (event) => {
    const moves: Record<string, number | 'first' | 'last'> = {
      ArrowDown: 1,
      ArrowUp: -1,
      Home: 'first',
      End: 'last',
    };
    if (event.key in moves) {
      event.preventDefault();
      move(moves[event.key]!);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close(true);
    }
    event.stopPropagation();
  });
  const outside = (event: Event) => {
    if (!menu.contains(event.target as Node)) close(false);
  };
  function close(refocus: boolean): void {
    if (open?.element !== menu) return;
    open = undefined;
    menu.remove();
    document.removeEventListener('pointerdown', outside, true);
    window.removeEventListener('blur', onBlur);
    if (refocus) returnFocus.focus({ preventScroll: true });
  }
  const onBlur = () => close(false);
  document.body.append(menu);
  // inside the window: a menu opened near its right or bottom edge opens leftwards or upwards
  const { width, height } = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(0, Math.min(at.x, window.innerWidth - width - 2))}px`;
  menu.style.top = `${Math.max(0, Math.min(at.y, window.innerHeight - height - 2))}px`;
  open = { element: menu, close };
  document.addEventListener('pointerdown', outside, true);
  window.addEventListener('blur', onBlur);
  choices[0]?.focus();
}
