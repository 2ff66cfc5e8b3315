/**
 * Runs the latest of a stream of updates at most once every `intervalMs`: the first at once, and
 * the last one asked for before the interval ends when it ends, so the final state is always
 * applied. For outputs that follow a value changing many times a second (a burst of messages moves
 * the unread count on every batch) where each application costs more than it is worth.
 */
export class AtMostEvery {
  private lastRun = -Infinity;
  private pending: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  run(update: () => void): void {
    const wait = this.lastRun + this.intervalMs - this.clock();
    if (wait <= 0 && this.timer === null) {
      this.lastRun = this.clock();
      update();
      return;
    }
    this.pending = update;
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, wait));
  }

  /** Drops an update still waiting. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private flush(): void {
    this.timer = null;
    const update = this.pending;
    this.pending = null;
    if (!update) return;
    this.lastRun = this.clock();
    update();
  }
}
