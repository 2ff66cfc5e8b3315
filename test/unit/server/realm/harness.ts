import { ApiError } from '../../../../server/http/errors';
import { Realm, type EventPayload } from '../../../../server/realm/realm';
import { seedDemo, type DemoSeed } from '../../../../server/seed/demo';

/** One `realm.events.publish` call as the model made it. */
export interface Published {
  userIds: number[];
  event: EventPayload | ((userId: number) => EventPayload | null);
}

export interface DemoRealm extends DemoSeed {
  realm: Realm;
  /** Every publish since the seed (or the last `take()`), in order. */
  published: Published[];
  /** The publishes so far, forgetting them. */
  take(): Published[];
  /** The events one user would receive from the publishes so far, function payloads resolved. */
  eventsFor(userId: number): EventPayload[];
}

/**
 * The demo organization as a bare model, no HTTP and no queues: realm functions are called directly
 * and what they publish is recorded. Its clock stands still at the moment of seeding.
 */
export function demoRealm(): DemoRealm {
  const realm = new Realm();
  // A clock that stands still, so tests can compare timestamps with realm.now().
  const frozen = realm.clock();
  realm.clock = () => frozen;
  const seeded = seedDemo(realm);
  const published: Published[] = [];
  realm.events = {
    publish: (userIds, event) => {
      published.push({ userIds: [...userIds], event });
    },
  };
  return {
    ...seeded,
    realm,
    published,
    take: () => published.splice(0, published.length),
    eventsFor: (userId) =>
      published
        .filter((p) => p.userIds.includes(userId))
        .map((p) => (typeof p.event === 'function' ? p.event(userId) : p.event))
        .filter((e): e is EventPayload => e !== null),
  };
}

/** The payload of each publish (a per-user one as its first recipient gets it). */
export function payloads(published: readonly Published[]): EventPayload[] {
  return published.map(
    (p) => (typeof p.event === 'function' ? p.event(p.userIds[0]!) : p.event) ?? { type: 'none' },
  );
}

/** The types of a list of publishes, for asserting what happened in which order. */
export function types(published: readonly Published[]): string[] {
  return payloads(published).map((e) => e.type);
}

/** The error an action is refused with, as the HTTP layer would answer it (status, code, msg, extra fields). */
export function refusal(action: () => unknown): Record<string, unknown> {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, code: error.code, msg: error.msg, ...error.extra };
    throw error;
  }
  throw new Error('the action was not refused');
}
