/**
 * What the accessibility audit runs inside a webview page. Each export is sent to the page as its
 * source (a11yAudit.ts `inPage`), so each is self-contained: it uses nothing of this module but
 * its types, and keeps what must outlive one call on `globalThis`.
 */

/** A control whose focus a keyboard user could not see. */
export interface FocusFinding {
  control: string;
  /** What changed when it took the focus, and how much that stands out (contrast ratio). */
  reason: string;
}

/** One Tab stop of the walk: the control reached (null once the focus left the page). */
export interface FocusStep {
  done: boolean;
  control: string | null;
  /** The verdict on the control the focus just left. */
  finding?: FocusFinding;
}

/** The little of the DOM this code touches (the tests are compiled without the DOM's types). */
interface PageNode {
  nodeType: number;
  parentNode: PageNode | null;
  host?: PageNode;
  getRootNode(): PageNode;
}
interface PageElement extends PageNode {
  tagName: string;
  id: string;
  classList: Iterable<string>;
  isConnected: boolean;
  shadowRoot: {
    activeElement: PageElement | null;
    querySelectorAll(s: string): PageElement[];
  } | null;
  querySelectorAll(selector: string): PageElement[];
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface PageStyle {
  getPropertyValue(name: string): string;
}
declare const document: {
  activeElement: PageElement | null;
  body: PageElement;
  hasFocus(): boolean;
};
declare function getComputedStyle(element: PageElement): PageStyle;

/** What the walk keeps between two Tab presses. */
interface WalkState {
  previous: PageElement | null;
  focusedLook: unknown;
  visited: Set<PageElement>;
}

/** Forgets the walk before (a new walk starts from the control focused now). */
export function resetFocusWalk(): void {
  delete (globalThis as { __pdbxFocusWalk?: WalkState }).__pdbxFocusWalk;
}

/**
 * One step of a Tab walk, called after each Tab press: judges the control the focus left (its
 * look with the focus, kept at the step before, against its look now) and keeps the look of the
 * control the focus is on. The focus is visible when something of the control (or what it holds,
 * or up to three elements around it) changes with a contrast of at least 3:1 against what was
 * there before (WCAG 1.4.11: a state's visual information, 3:1 against adjacent colours), or
 * changes its hue as plainly as VS Code's own inputs do: an outline, a box shadow, a border, an
 * SVG stroke, the background, or an underline appearing.
 */
export function focusStep(): FocusStep {
  type Rgba = [number, number, number, number];
  /**
   * The CIE76 difference a change of colour alone needs to count as visible: VS Code's own high
   * contrast inputs turn their border from cyan to orange on focus (1.3:1, but a difference of
   * about 100); a pressed button whose focus ring is its own colour changes by 0.
   */
  const MIN_DIFFERENCE = 40;
  interface Look {
    element: PageElement;
    outline: { visible: boolean; color: Rgba | null; width: number; offset: number };
    boxShadow: string;
    borders: Array<{ width: number; color: Rgba | null }>;
    /** An SVG shape's stroke (charts draw their focus ring so). */
    stroke: Rgba | null;
    background: Rgba;
    parentBackground: Rgba;
    underline: boolean;
  }

  const parse = (text: string): Rgba | null => {
    const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(text.trim());
    if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), Number(rgb[4] ?? 1)];
    const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(text.trim());
    if (srgb) {
      return [
        Number(srgb[1]) * 255,
        Number(srgb[2]) * 255,
        Number(srgb[3]) * 255,
        Number(srgb[4] ?? 1),
      ];
    }
    return null;
  };
  /** `top` painted over the opaque `bottom`. */
  const over = (top: Rgba, bottom: Rgba): Rgba => [
    top[0] * top[3] + bottom[0] * (1 - top[3]),
    top[1] * top[3] + bottom[1] * (1 - top[3]),
    top[2] * top[3] + bottom[2] * (1 - top[3]),
    1,
  ];
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  /** CIE76 colour difference (CIELAB, D65): a change of hue that contrast does not see. */
  const difference = (a: Rgba, b: Rgba) => {
    const lab = ([r, g, b]: Rgba) => {
      const linear = [r, g, b].map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      const xyz = [
        (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047,
        0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2],
        (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883,
      ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116));
      return [116 * xyz[1]! - 16, 500 * (xyz[0]! - xyz[1]!), 200 * (xyz[1]! - xyz[2]!)];
    };
    const [one, two] = [lab(a), lab(b)];
    return Math.hypot(one[0]! - two[0]!, one[1]! - two[1]!, one[2]! - two[2]!);
  };
  const hex = (colour: Rgba) =>
    `#${colour
      .slice(0, 3)
      .map((channel) => Math.round(channel).toString(16).padStart(2, '0'))
      .join('')}`;
  /** The parent, out of a shadow root to its host. */
  const up = (element: PageElement): PageElement | null => {
    const parent = element.parentNode;
    if (!parent) return null;
    if (parent.nodeType === 11) return (parent.host as PageElement | undefined) ?? null;
    return parent.nodeType === 1 ? (parent as PageElement) : null;
  };
  /** The colour the element's box shows: its background over those behind it. */
  const backgrounds = new Map<PageElement, Rgba>();
  const backgroundOf = (element: PageElement | null): Rgba => {
    if (!element) return [255, 255, 255, 1];
    const known = backgrounds.get(element);
    if (known) return known;
    const colour = parse(getComputedStyle(element).getPropertyValue('background-color'));
    const below = colour && colour[3] >= 1 ? colour : backgroundOf(up(element));
    const shown = colour && colour[3] > 0 ? over(colour, below) : below;
    backgrounds.set(element, shown);
    return shown;
  };
  const lookOf = (element: PageElement): Look => {
    const style = getComputedStyle(element);
    const value = (name: string) => style.getPropertyValue(name);
    const outlineColour = parse(value('outline-color'));
    const outlineWidth = parseFloat(value('outline-width')) || 0;
    return {
      element,
      outline: {
        visible:
          !['none', 'hidden'].includes(value('outline-style')) &&
          outlineWidth > 0 &&
          (outlineColour?.[3] ?? 0) > 0,
        color: outlineColour,
        width: outlineWidth,
        offset: parseFloat(value('outline-offset')) || 0,
      },
      boxShadow: value('box-shadow'),
      borders: ['top', 'right', 'bottom', 'left'].map((side) => ({
        width:
          value(`border-${side}-style`) === 'none'
            ? 0
            : parseFloat(value(`border-${side}-width`)) || 0,
        color: parse(value(`border-${side}-color`)),
      })),
      stroke:
        value('stroke') === 'none' || !(parseFloat(value('stroke-width')) > 0)
          ? null
          : parse(value('stroke')),
      background: backgroundOf(element),
      parentBackground: backgroundOf(up(element)),
      underline: value('text-decoration-line').includes('underline'),
    };
  };
  /**
   * The control with what it holds (through shadow roots) and three elements around it; for a
   * control inside a web component, the whole component (its focus ring may be on a sibling of
   * the control, as vscode-checkbox's is).
   */
  const lookAround = (focused: PageElement): Look[] => {
    let control = focused;
    for (let root = control.getRootNode(); root.nodeType === 11 && root.host;) {
      control = root.host as PageElement;
      root = control.getRootNode();
    }
    const elements: PageElement[] = [control];
    const inside = (element: PageElement) => {
      for (const child of [
        ...element.querySelectorAll('*'),
        ...(element.shadowRoot?.querySelectorAll('*') ?? []),
      ]) {
        if (elements.length >= 80) return;
        if (!elements.includes(child)) {
          elements.push(child);
          if (child.shadowRoot) inside(child);
        }
      }
    };
    inside(control);
    for (let at = up(control), steps = 0; at && steps < 3; at = up(at), steps++) elements.push(at);
    return elements.map(lookOf);
  };
  /** A colour the focus paints where `before` was. */
  interface Change {
    what: string;
    after: Rgba;
    before: Rgba;
  }
  const ratioOf = (each: Change) => contrast(each.after, each.before);
  /** Visible: 3:1 (WCAG 1.4.11), or a change of hue as plain as VS Code's own inputs make. */
  const visible = (each: Change) =>
    ratioOf(each) >= 3 || difference(each.after, each.before) >= MIN_DIFFERENCE;
  /** What changed between the two looks of one element, each as the colours it swapped. */
  const changes = (focused: Look, unfocused: Look): Change[] => {
    const found: Change[] = [];
    const { outline } = focused;
    if (outline.visible && outline.color) {
      const inside = outline.offset + outline.width <= 0;
      const behind = inside ? unfocused.background : unfocused.parentBackground;
      const before =
        unfocused.outline.visible && unfocused.outline.color
          ? over(unfocused.outline.color, behind)
          : inside && unfocused.borders[0]!.width > 0 && unfocused.borders[0]!.color
            ? over(unfocused.borders[0]!.color, unfocused.parentBackground)
            : behind;
      found.push({ what: 'outline', after: over(outline.color, behind), before });
    }
    if (focused.boxShadow !== unfocused.boxShadow && focused.boxShadow !== 'none') {
      for (const shadow of focused.boxShadow.split(/,(?![^(]*\))/)) {
        const colour = parse(/^\s*((?:rgba?|color)\([^)]*\))/.exec(shadow)?.[1] ?? '');
        if (!colour) continue;
        const behind = shadow.includes('inset') ? unfocused.background : unfocused.parentBackground;
        found.push({ what: 'box-shadow', after: over(colour, behind), before: behind });
      }
    }
    focused.borders.forEach((border, side) => {
      const before = unfocused.borders[side]!;
      if (border.width === 0 || !border.color) return;
      found.push({
        what: 'border',
        after: over(border.color, unfocused.parentBackground),
        before:
          before.width > 0 && before.color
            ? over(before.color, unfocused.parentBackground)
            : unfocused.background,
      });
    });
    if (focused.stroke) {
      found.push({
        what: 'stroke',
        after: over(focused.stroke, unfocused.background),
        before: unfocused.stroke
          ? over(unfocused.stroke, unfocused.background)
          : unfocused.background,
      });
    }
    found.push({ what: 'background', after: focused.background, before: unfocused.background });
    if (focused.underline && !unfocused.underline) {
      found.push({ what: 'underline', after: [0, 0, 0, 1], before: [255, 255, 255, 1] });
    }
    return found;
  };
  const describe = (element: PageElement): string => {
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    const data = ['data-name', 'data-count', 'data-action', 'data-column', 'data-status']
      .map((name) => [name, element.getAttribute(name)] as const)
      .filter(([, value]) => value !== null)
      .map(([name, value]) => `[${name}="${value}"]`)
      .join('');
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('label') ??
      (element.textContent ?? '').trim().replace(/\s+/g, ' ');
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}${data} "${name.slice(0, 60)}"`;
  };
  const deepActive = (): PageElement | null => {
    let active = document.hasFocus() ? document.activeElement : null;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active;
  };

  const holder = globalThis as { __pdbxFocusWalk?: WalkState };
  const state = (holder.__pdbxFocusWalk ??= {
    previous: null,
    focusedLook: [],
    visited: new Set(),
  });
  const active = deepActive();
  let finding: FocusFinding | undefined;
  const previous = state.previous;
  if (previous && previous !== active && previous.isConnected) {
    const focusedLooks = state.focusedLook as Look[];
    const unfocused = new Map(lookAround(previous).map((look) => [look.element, look]));
    const all = focusedLooks
      .filter((look) => unfocused.has(look.element))
      .flatMap((look) =>
        changes(look, unfocused.get(look.element)!).map((each) => ({ ...each, on: look.element })),
      )
      .filter((each) => ratioOf(each) > 1.01 || difference(each.after, each.before) > 1);
    if (!all.some(visible)) {
      const best = all.sort((a, b) => ratioOf(b) - ratioOf(a))[0];
      finding = {
        control: describe(previous),
        reason: best
          ? `its focus shows only as ${best.what} ${hex(best.after)} where ${hex(best.before)} was, on ${describe(best.on)}: ${ratioOf(best).toFixed(2)}:1 (3:1 needed), colour difference ${difference(best.after, best.before).toFixed(0)} (${MIN_DIFFERENCE} would do)`
          : 'nothing changes when it takes the focus',
      };
    }
  }
  if (!active || active === document.body || state.visited.has(active)) {
    state.previous = null;
    return { done: true, control: null, finding };
  }
  state.visited.add(active);
  state.previous = active;
  state.focusedLook = lookAround(active);
  return { done: false, control: describe(active), finding };
}

/**
 * Focuses the first control of the page that takes the Tab key (in document order, outside
 * shadow roots); false when there is none.
 */
export function focusFirstControl(): boolean {
  const candidates = (
    document.body as unknown as {
      querySelectorAll(
        selector: string,
      ): Array<
        PageElement & { focus(): void; tabIndex: number; getClientRects(): { length: number } }
      >;
    }
  ).querySelectorAll(
    'a[href], button, input, select, textarea, [tabindex], vscode-button, vscode-textfield, vscode-single-select, vscode-multi-select, vscode-checkbox, vscode-toolbar-button, vscode-tab-header',
  );
  for (const candidate of candidates) {
    // a web component's host may say -1 and hand the focus to a control in its shadow root
    if (candidate.tabIndex < 0 && !candidate.shadowRoot) continue;
    if (candidate.getClientRects().length === 0) continue;
    candidate.focus();
    if (document.activeElement === candidate || candidate.shadowRoot?.activeElement) return true;
  }
  return false;
}

/** The axe-core API this code uses (its source is evaluated in the page first). */
interface AxeNodeResult {
  target: unknown[];
  html: string;
  failureSummary?: string;
  any: Array<{ data?: unknown }>;
}
declare const axe: {
  configure(spec: unknown): void;
  run(
    context: unknown,
    options: unknown,
  ): Promise<{
    violations: Array<{ id: string; impact: string | null; help: string; nodes: AxeNodeResult[] }>;
  }>;
  commons: { text: { accessibleTextVirtual(node: unknown): string } };
};

/** One rule broken, where, and (for contrast) the colours axe measured. */
export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string; html: string; summary: string; colours?: string }>;
}

/**
 * Runs axe-core on the page for WCAG 2.0/2.1 A and AA, plus one rule of ours axe has not: a
 * control named only by a number ("9") does not say what it is (WCAG 2.4.6, labels describe the
 * purpose).
 */
export async function runAxe(): Promise<AxeViolation[]> {
  axe.configure({
    checks: [
      {
        id: 'pdbx-name-says-what',
        evaluate: (_node: unknown, _options: unknown, virtualNode: unknown) => {
          const name = axe.commons.text.accessibleTextVirtual(virtualNode).trim();
          // an empty name is button-name's and link-name's to report
          return name === '' || /\p{L}/u.test(name);
        },
        metadata: {
          impact: 'serious',
          messages: {
            pass: 'The control is named with words',
            fail: 'The control is named only by a number or symbols',
          },
        },
      },
    ],
    rules: [
      {
        id: 'pdbx-control-named-by-number',
        impact: 'serious',
        selector:
          'button, a[href], [role="button"], [role="link"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"]',
        any: ['pdbx-name-says-what'],
        tags: ['pdbx', 'wcag2aa', 'wcag246'],
        metadata: {
          description: 'A control says what it is, not only a number',
          help: 'Name controls with words: "9 failed nodes", not "9"',
        },
      },
    ],
  });
  const results = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'pdbx'] },
    resultTypes: ['violations'],
    // no copy of the page's stylesheets in <style> elements, which the page's CSP refuses (a
    // console error the e2e run fails on): only css-orientation-lock reads them
    preload: false,
  });
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    nodes: violation.nodes.map((node) => {
      const data = node.any.find((check) => check.data)?.data as
        | {
            fgColor?: string;
            bgColor?: string;
            contrastRatio?: number;
            expectedContrastRatio?: string;
          }
        | undefined;
      return {
        target: node.target.map(String).join(' '),
        html: node.html.replace(/\s+/g, ' ').slice(0, 120),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        ...(data?.fgColor
          ? {
              colours: `${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1 (${data.expectedContrastRatio} needed)`,
            }
          : {}),
      };
    }),
  }));
}
