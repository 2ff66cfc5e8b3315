import type { ServerContext } from '../http/context';
import { deliverDueScheduledMessages } from '../realm/scheduled-delivery';

export interface ScheduledDelivery {
  /** Delivers what is due by the realm's clock now and saves it (`--data`); resolves to how many changed. */
  tick(): Promise<number>;
  stop(): void;
}

/**
 * The one timer that changes the realm outside a request: every `everyMs` it delivers the scheduled
 * messages whose time has come by `realm.clock`, so tests move that clock and call `tick()` rather
 * than wait.
 */
export function startScheduledDelivery(context: ServerContext, everyMs: number): ScheduledDelivery {
  const tick = async () => {
    const changed = deliverDueScheduledMessages(context.realm);
    if (changed > 0) await context.saveChanges?.();
    return changed;
  };
  const timer = setInterval(() => void tick().catch(() => undefined), everyMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
