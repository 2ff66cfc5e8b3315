import type { Clock } from '../../electron/core/backoff';

/**
 * Fake timers for the main process of a UI test, to show that nothing happens without waiting for it
 * to happen. Give both to the web host (`chatSetup.core: { clock, fetch }`): the clock runs in real
 * time until `fastForward` makes time pass at once, ending every wait it covers (a backoff, the
 * offline wait); the fetch records each request the core starts, the moment it starts it.
 */
export class SteppableClock implements Clock {
  private offset = 0;
  private readonly waits = new Set<{ due: number; end(): void }>();

  now(): number {
    return Date.now() + this.offset;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const wait = {
        due: this.now() + ms,
        end: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', wait.end);
          this.waits.delete(wait);
          resolve();
        },
      };
      const timer = setTimeout(wait.end, ms);
      signal?.addEventListener('abort', wait.end, { once: true });
      this.waits.add(wait);
    });
  }

  /**
   * Lets `ms` pass at once: every wait due by then ends, and what the main process does next (a
   * request, a new wait) has started by the time this resolves.
   */
  async fastForward(ms: number): Promise<void> {
    this.offset += ms;
    for (const wait of [...this.waits]) if (wait.due <= this.now()) wait.end();
    // The code after each wait runs in microtasks; one turn of the event loop flushes them all.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface RecordingFetch {
  fetch: typeof fetch;
  /** `METHOD /path` of each request started, in order. */
  readonly started: string[];
}

export function recordingFetch(): RecordingFetch {
  const started: string[] = [];
  return {
    started,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      started.push(`${method.toUpperCase()} ${url.pathname}`);
      return fetch(input, init);
    },
  };
}
