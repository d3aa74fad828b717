/**
 * Ways for a view to give the main thread back between pieces of long work, so that no single
 * task holds back input and paint for long.
 */

/** Resolves in a task of its own, after the browser has had the chance to handle input. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves in the next animation frame's callbacks, before that frame is painted. */
export const animationFrame = (): Promise<number> =>
  new Promise((resolve) => requestAnimationFrame(resolve));

/** Resolves once the next frame has been painted (the frame after it has begun). */
export const nextPaint = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * Runs `work` in a task after the browser has laid out and painted the frame under way: how a page
 * says it painted what the host sent (tests and benches wait for that message).
 */
export const afterPaint = (work: () => void): void => {
  requestAnimationFrame(() => setTimeout(work, 0));
};

/** Resolves when the page is idle (or after `timeoutMs` at the latest). */
export const idle = (timeoutMs = 1000): Promise<void> =>
  new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: timeoutMs }));

/**
 * One piece of deferred work that a newer one replaces: it runs when the page is idle (or after
 * `timeoutMs` at the latest), unless scheduled again first.
 */
export class IdleWork {
  private handle: number | undefined;

  constructor(private readonly timeoutMs = 2000) {}

  schedule(work: () => void): void {
    this.cancel();
    this.handle = requestIdleCallback(
      () => {
        this.handle = undefined;
        work();
      },
      { timeout: this.timeoutMs },
    );
  }

  cancel(): void {
    if (this.handle !== undefined) cancelIdleCallback(this.handle);
    this.handle = undefined;
  }
}

/**
 * Work done a slice at a time while the page is idle, until `step` answers that it is done (a
 * text index built ahead of the first keystroke that needs it). One slice runs even when the
 * timeout ran it (no idle time left), so a busy page still gets there.
 */
export class IdleSlices {
  private handle = 0;

  /** `step()`: one slice of the work; true when none is left. */
  constructor(private readonly step: () => boolean) {}

  start(): void {
    if (this.handle) return;
    const run = (deadline: IdleDeadline) => {
      this.handle = 0;
      let done = this.step();
      while (!done && deadline.timeRemaining() > 1) done = this.step();
      if (!done) this.handle = requestIdleCallback(run, { timeout: 1000 });
    };
    this.handle = requestIdleCallback(run, { timeout: 1000 });
  }

  cancel(): void {
    if (this.handle) cancelIdleCallback(this.handle);
    this.handle = 0;
  }
}
