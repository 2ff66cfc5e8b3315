/**
 * Bounds on the main process's requests, so that a bug in one part (a renderer asking in a loop)
 * cannot flood another (this process's sockets, the server): a pool of requests in progress per
 * account with a bounded queue behind it, and a per-renderer budget of calls per second.
 */

/** Waits for one of `maxActive` places; refuses at once when `maxQueued` are already waiting. */
export class RequestPool {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxActive: number,
    readonly maxQueued: number,
  ) {}

  get inProgress(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a release function once a place is free, or with null when the queue is full. */
  acquire(signal?: AbortSignal): Promise<(() => void) | null> {
    if (this.active < this.maxActive) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxQueued) return Promise.resolve(null);
    return new Promise((resolve) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        this.active += 1;
        resolve(this.releaser());
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.waiting.shift()?.();
    };
  }
}

export interface CallBudgetOptions {
  /** Calls allowed at once after a quiet spell. */
  burst: number;
  /** Calls per second allowed on average. */
  perSecond: number;
  now?: () => number;
}

/**
 * A renderer's budget of calls (a token bucket). A working app stays far below it (opening a
 * conversation is a handful of calls; a fast scroll a few dozen a second); a renderer stuck in a
 * loop runs out within a second and is refused until it calms down.
 */
export class CallBudget {
  private tokens: number;
  private updatedMs: number;
  private refusedSinceReport = 0;
  private readonly now: () => number;

  constructor(private readonly options: CallBudgetOptions) {
    this.now = options.now ?? Date.now;
    this.tokens = options.burst;
    this.updatedMs = this.now();
  }

  /** True when the call may go ahead (and counts it). */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(
      this.options.burst,
      this.tokens + ((now - this.updatedMs) / 1000) * this.options.perSecond,
    );
    this.updatedMs = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.refusedSinceReport += 1;
    return false;
  }

  /** How many calls were refused since the last time this was asked (for reporting). */
  takeRefusedCount(): number {
    const count = this.refusedSinceReport;
    this.refusedSinceReport = 0;
    return count;
  }
}

/**
 * One renderer's side of the budget: refuses calls past it and reports that (to the log and to
 * that renderer, at most every `reportEveryMs`), so a flood is seen rather than silently absorbed.
 */
export class RendererCallLimits {
  private lastReportMs = -Infinity;

  constructor(
    private readonly report: (refused: number) => void,
    private readonly budget = new CallBudget(RENDERER_CALL_BUDGET),
    private readonly now: () => number = Date.now,
    private readonly reportEveryMs = 5000,
  ) {}

  admit(): boolean {
    if (this.budget.take()) return true;
    const now = this.now();
    if (now - this.lastReportMs >= this.reportEveryMs) {
      this.lastReportMs = now;
      this.report(this.budget.takeRefusedCount());
    }
    return false;
  }
}

/** Defaults for the app: six requests per account on the wire, 200 more waiting. */
export const POOL_LIMITS = { maxActive: 6, maxQueued: 200 };
/** Defaults for one renderer: 150 calls at once, 75 a second on average. */
export const RENDERER_CALL_BUDGET = { burst: 150, perSecond: 75 };
