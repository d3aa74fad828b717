/**
 * The accessibility audit of one webview as it is on screen: axe-core (WCAG 2.0 and 2.1, A and
 * AA, and a rule of ours: no control named by a number alone) run inside the view's own frame,
 * and a walk with the Tab key over every control, checking that each shows its focus.
 *
 * axe-core's source goes into the frame through Playwright's evaluate (the view's CSP, rightly,
 * lets no `<script>` element in). @axe-core/playwright works in these frames too (its
 * `include({ fromFrames: [...] })` reaches the view), but it injects axe into every frame of the
 * workbench and finishes its run on a new page: five times as long for the same answer.
 */
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import {
  focusFirstControl,
  focusStep,
  resetFocusWalk,
  runAxe,
  type AxeViolation,
  type FocusFinding,
} from './a11yPage';

let axeSource: string | undefined;

/**
 * Runs `fn` (a self-contained function of a11yPage.ts) in the frame. tsx names the functions it
 * compiles with a `__name` helper the page has not: the source is wrapped with a stand-in.
 */
async function inPage<R>(frame: Frame, fn: () => R): Promise<Awaited<R>> {
  return (await frame.evaluate(
    `(() => { const __name = (target) => target; return (${fn.toString()})(); })()`,
  )) as Awaited<R>;
}

/** What the audit of one view found. */
export interface A11yFindings {
  /** Every axe violation, whatever its impact. */
  violations: AxeViolation[];
  /** Controls whose focus does not show. */
  focus: FocusFinding[];
  /** How many controls the Tab key reached. */
  controls: number;
}

/** The violations that fail a view: serious and critical ones. */
export function blocking(findings: A11yFindings): AxeViolation[] {
  return findings.violations.filter((each) => ['serious', 'critical'].includes(each.impact));
}

/** Audits the view in `frame` as it is now (see the header). */
export async function auditView(page: Page, frame: Frame): Promise<A11yFindings> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await frame.evaluate('typeof axe !== "undefined"'))) await frame.evaluate(axeSource);
  const violations = await inPage(frame, runAxe);
  const { focus, controls } = await walkFocus(page, frame);
  return { violations, focus, controls };
}

/**
 * Tabs through the view from its first control until the focus leaves the page or comes back
 * (at most `maxStops` controls), judging each control's focus as the focus leaves it. The walk
 * starts with Tab then Shift+Tab, so that even the first control has the focus from the keyboard
 * (:focus-visible), as a user tabbing in gives it.
 */
async function walkFocus(
  page: Page,
  frame: Frame,
  maxStops = 80,
): Promise<{ focus: FocusFinding[]; controls: number }> {
  await inPage(frame, resetFocusWalk);
  if (!(await inPage(frame, focusFirstControl))) return { focus: [], controls: 0 };
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  const focus: FocusFinding[] = [];
  let controls = 0;
  for (let stop = 0; stop <= maxStops; stop++) {
    const step = await inPage(frame, focusStep);
    if (step.finding) focus.push(step.finding);
    if (step.done) break;
    controls++;
    await page.keyboard.press('Tab');
  }
  await inPage(frame, resetFocusWalk);
  return { focus, controls };
}

/** The findings as the run's log shows them: each rule, each node, the colours for contrast. */
export function formatFindings(findings: A11yFindings, options: { all?: boolean } = {}): string {
  const lines: string[] = [];
  const shown = options.all ? findings.violations : blocking(findings);
  for (const violation of shown) {
    lines.push(`    ${violation.impact} ${violation.rule}: ${violation.help}`);
    for (const node of violation.nodes) {
      lines.push(`      ${node.target}${node.colours ? ` — ${node.colours}` : ''}`);
      lines.push(`        ${node.html}`);
    }
  }
  for (const finding of findings.focus) {
    lines.push(`    focus not visible: ${finding.control}: ${finding.reason}`);
  }
  return lines.join('\n');
}
