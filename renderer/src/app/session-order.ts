import type { SessionStarted } from '../../../shared/ipc';
import { withEventsApplied } from './session-fold';

/**
 * The session a window holds once `incoming` comes in (the launch's answer, or main's push), and
 * whether it starts anew. A newer registration (another account, a higher generation, the live one
 * after the state kept from the last launch) replaces the one held. The same one again keeps the
 * state the window has built from it with events since, taking only its `stale` flag: replaced,
 * the events applied meanwhile were lost (a reload during a burst showed a topic one message short
 * until the next reload); the events it brings that the window missed are the caller's to apply
 * (`eventsSince`). An older one changes nothing. A session started comes with its `eventsSince`
 * applied (`withEventsApplied`).
 */
export function sessionAfter(
  held: SessionStarted | null | undefined,
  incoming: SessionStarted | null,
): { session: SessionStarted | null; started: boolean } {
  if (!incoming) return { session: held ?? null, started: false };
  if (!held || held.accountId !== incoming.accountId)
    return { session: withEventsApplied(incoming), started: true };
  if (incoming.generation > held.generation) return { session: withEventsApplied(incoming), started: true };
  if (incoming.generation < held.generation || incoming.keptFromLastLaunch)
    return { session: held, started: false };
  if (held.keptFromLastLaunch) return { session: withEventsApplied(incoming), started: true };
  return {
    session: held.stale === incoming.stale ? held : { ...held, stale: incoming.stale },
    started: false,
  };
}
