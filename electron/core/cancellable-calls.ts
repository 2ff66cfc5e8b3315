import { cancelledCall } from '../../shared/failures';
import type { CallResult } from '../../shared/ipc';

/** Calls of one renderer that can be cancelled at once; past this, calls still run, uncancellable. */
export const MAX_CANCELLABLE_CALLS = 500;

/**
 * One renderer's calls that carry a cancel id (`ChatBridge.call`'s third argument), each with the
 * AbortController its request listens to. `cancel(id)` aborts that request and answers the call at
 * once as cancelled; an id that is unknown, answered or already cancelled is ignored. An entry
 * lives exactly as long as its call, and there are at most `max` of them.
 */
export class CancellableCalls {
  private readonly running = new Map<number, AbortController>();

  constructor(private readonly max = MAX_CANCELLABLE_CALLS) {}

  get size(): number {
    return this.running.size;
  }

  /** Runs `work` with a signal that `cancel(cancelId)` aborts. `work` must not throw. */
  async run<T>(
    cancelId: number | undefined,
    work: (signal: AbortSignal | undefined) => Promise<CallResult<T>>,
  ): Promise<CallResult<T>> {
    if (cancelId === undefined || this.running.size >= this.max) return work(undefined);
    const controller = new AbortController();
    // A reused id (a reloaded page counting from 1 again) belongs to the newer call from now on.
    this.running.set(cancelId, controller);
    const cancelled = new Promise<CallResult<T>>((resolve) =>
      controller.signal.addEventListener('abort', () => resolve({ ok: false, error: cancelledCall() }), {
        once: true,
      }),
    );
    try {
      return await Promise.race([work(controller.signal), cancelled]);
    } finally {
      if (this.running.get(cancelId) === controller) this.running.delete(cancelId);
    }
  }

  /** True when a running call was cancelled. */
  cancel(cancelId: number): boolean {
    const controller = this.running.get(cancelId);
    if (!controller) return false;
    this.running.delete(cancelId);
    controller.abort();
    return true;
  }

  /** The renderer is gone: nobody waits for these answers. */
  cancelAll(): void {
    const controllers = [...this.running.values()];
    this.running.clear();
    for (const controller of controllers) controller.abort();
  }
}
