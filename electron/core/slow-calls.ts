import type { CallResult } from '../../shared/ipc';

/**
 * Watches one account's calls for a server that accepts them but does not answer: once a call has
 * waited `slowMs`, the account counts as "not responding" until no call is left waiting that long.
 * (The call itself goes on to its own timeout; only what the user is told changes.)
 */
export class SlowCallWatch {
  private readonly late = new Set<number>();
  private nextId = 0;

  constructor(
    private readonly slowMs: number,
    private readonly onChange: (slow: boolean) => void,
  ) {}

  get slow(): boolean {
    return this.late.size > 0;
  }

  async track<T>(call: () => Promise<CallResult<T>>): Promise<CallResult<T>> {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      const before = this.slow;
      this.late.add(id);
      if (!before) this.onChange(true);
    }, this.slowMs);
    try {
      return await call();
    } finally {
      clearTimeout(timer);
      if (this.late.delete(id) && !this.slow) this.onChange(false);
    }
  }
}
