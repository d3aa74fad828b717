/** Where a drawn resource sits: its id and centre. */
export interface Placed {
  id: string;
  x: number;
  y: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * The resource an arrow key moves to: the nearest one ahead in that direction. Resources within
 * 45° of the arrow come first, and among them sideways distance counts double, so Right in a
 * left-to-right layout steps to the next layer and Down to the next resource of the same layer.
 * Undefined when nothing lies ahead.
 */
export function nextInDirection(
  from: Placed,
  candidates: Iterable<Placed>,
  direction: Direction,
): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (candidate.id === from.id) continue;
    const dx = candidate.x - from.x;
    const dy = candidate.y - from.y;
    const along =
      direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    if (along <= 0) continue;
    const across = Math.abs(direction === 'left' || direction === 'right' ? dy : dx);
    const outsideCone = across > along ? 1e9 : 0;
    const score = outsideCone + along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = candidate.id;
    }
  }
  return best;
}

/** The resource nearest a point (where keyboard navigation starts: the middle of the view). */
export function nearestTo(
  point: { x: number; y: number },
  candidates: Iterable<Placed>,
): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = (candidate.x - point.x) ** 2 + (candidate.y - point.y) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate.id;
    }
  }
  return best;
}
