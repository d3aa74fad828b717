/**
 * One tab stop for a set of marks (a chart's bars, slices or points): the arrow keys, Home and
 * End move the focus among them and the one focused keeps tabindex 0, so Tab leaves the chart
 * in one step. What each arrow does is the chart's choice (a row of bars moves left and right
 * only; a list of bars or a pie takes all four).
 */
const STEPS = {
  horizontal: { ArrowRight: 1, ArrowLeft: -1 },
  both: { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 },
} as const satisfies Record<string, Record<string, number>>;

export function moveRovingFocus(
  marks: readonly Element[],
  event: KeyboardEvent,
  arrows: keyof typeof STEPS,
): void {
  const current = marks.indexOf(document.activeElement as Element);
  if (current < 0) return;
  const steps: Readonly<Record<string, number>> = STEPS[arrows];
  const next =
    event.key in steps
      ? current + steps[event.key]!
      : event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? marks.length - 1
          : undefined;
  if (next === undefined) return;
  event.preventDefault();
  const target = marks[Math.max(0, Math.min(marks.length - 1, next))]!;
  for (const mark of marks) mark.setAttribute('tabindex', mark === target ? '0' : '-1');
  (target as HTMLElement | SVGElement).focus();
}
