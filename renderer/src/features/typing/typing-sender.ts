/**
 * The sending side of spec 4.4: `start` when composing begins and again every `startedWait` ms
 * while the user keeps typing; `stop` after `stoppedWait` ms without a keystroke, or when the
 * text is sent, cleared or the conversation changes. Timers are injectable for tests.
 */
export interface TypingTimings {
  startedWaitMs: number;
  stoppedWaitMs: number;
}

export const DEFAULT_TIMINGS: TypingTimings = { startedWaitMs: 10_000, stoppedWaitMs: 5_000 };

export class TypingSender {
  private lastStart: number | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (op: 'start' | 'stop') => void,
    private readonly timings: TypingTimings,
    private readonly now: () => number = Date.now,
  ) {}

  /** A keystroke that changed the text. */
  keystroke(): void {
    const t = this.now();
    if (this.lastStart === null || t - this.lastStart >= this.timings.startedWaitMs) {
      this.lastStart = t;
      this.send('start');
    }
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = setTimeout(() => this.stop(), this.timings.stoppedWaitMs);
  }

  /** Sent, cleared, or left the conversation: stop now if a start went out. */
  stop(): void {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    if (this.lastStart === null) return;
    this.lastStart = null;
    this.send('stop');
  }
}
