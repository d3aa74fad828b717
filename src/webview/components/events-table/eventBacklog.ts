import { EVENTS_PER_MESSAGE } from '../../../shared/protocol/events';
import type { EventRowDto } from '../../../shared/reportDto';

/**
 * Events waiting to be taken in, a slice per task. One message may carry a whole report's
 * 100,000 events; taking them all in one task would hold the first paint back by hundreds of
 * milliseconds. Order is kept: what arrives while slices wait queues behind them.
 */
export class EventBacklog {
  private readonly queue: Array<{ events: readonly EventRowDto[]; from: number }> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly take: (events: readonly EventRowDto[]) => void) {}

  /** Whether events still wait. */
  get waiting(): boolean {
    return this.queue.length > 0;
  }

  /** Takes the first slice now if nothing waits; the rest follow, a slice per task. */
  push(events: readonly EventRowDto[]): void {
    if (events.length === 0) return;
    this.queue.push({ events, from: 0 });
    if (this.queue.length === 1) this.takeSlice();
  }

  /** Forgets what waits (new events replace the old). */
  clear(): void {
    this.queue.length = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private takeSlice(): void {
    this.timer = undefined;
    const next = this.queue[0];
    if (!next) return;
    const to = Math.min(next.from + EVENTS_PER_MESSAGE, next.events.length);
    const whole = next.from === 0 && to === next.events.length;
    const slice = whole ? next.events : next.events.slice(next.from, to);
    next.from = to;
    if (to >= next.events.length) this.queue.shift();
    if (this.queue.length > 0) this.timer = setTimeout(() => this.takeSlice(), 0);
    this.take(slice);
  }
}
