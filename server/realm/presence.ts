import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import type { User } from './users';

/**
 * User presence, as the real service's public API documents it (POST /users/me/presence, the
 * `presence` event, the register `presences`; not in the spec). Per user, two times: when a client
 * last said the user was there (`active_timestamp`) and when a client was last connected at all
 * (`idle_timestamp`). Each update gets an id from one counter, so a client asking with
 * `last_update_id` gets only what changed since.
 */

/** `server_presence_offline_threshold_seconds`: older than this, a time no longer counts. */
export const PRESENCE_OFFLINE_THRESHOLD_SECONDS = 140;
/** `server_presence_ping_interval_seconds`. */
export const PRESENCE_PING_INTERVAL_SECONDS = 60;
/** How far back a request without `history_limit_days` looks (the real service's default). */
const DEFAULT_HISTORY_DAYS = 14;

export interface UserPresence {
  /** UNIX seconds, or null before the first `active` report. */
  activeTimestamp: number | null;
  idleTimestamp: number;
  lastUpdateId: number;
}

export interface PresenceUpdate {
  status: string;
  pingOnly: boolean;
  /** Any format parameter selects the modern form (`slim_presence` or `last_update_id`). */
  slim: boolean;
  lastUpdateId: number | undefined;
  historyLimitDays: number | undefined;
}

/** Whether others may see this user's presence: the organization's and the user's own setting. */
function shared(realm: Realm, user: User): boolean {
  return !realm.presenceDisabled && user.settings.presence_enabled === true && user.is_active && !user.is_bot;
}

function modernEntry(p: UserPresence): { active_timestamp: number; idle_timestamp: number } {
  return { active_timestamp: p.activeTimestamp ?? 0, idle_timestamp: p.idleTimestamp };
}

/** The legacy form: per client, plus the aggregate, as the real service's old clients read it. */
function legacyEntry(p: UserPresence, now: number): Record<string, unknown> {
  const active = p.activeTimestamp !== null && now - p.activeTimestamp < PRESENCE_OFFLINE_THRESHOLD_SECONDS;
  const status = active ? 'active' : 'idle';
  const timestamp = active ? (p.activeTimestamp as number) : p.idleTimestamp;
  return {
    website: { client: 'website', status, timestamp, pushable: false },
    aggregated: { client: 'website', status, timestamp },
  };
}

/** The presences a user may see: people who share theirs, heard from within the history window. */
export function presencesFor(
  realm: Realm,
  options: { slim: boolean; sinceUpdateId?: number; historyLimitDays?: number },
): Record<string, unknown> {
  const now = realm.now();
  const oldest = now - (options.historyLimitDays ?? DEFAULT_HISTORY_DAYS) * 86_400;
  const out: Record<string, unknown> = {};
  for (const [userId, p] of realm.presences) {
    const user = realm.users.get(userId);
    if (!user || !shared(realm, user)) continue;
    if (options.sinceUpdateId !== undefined && p.lastUpdateId <= options.sinceUpdateId) continue;
    if (p.idleTimestamp < oldest) continue;
    if (options.slim) out[String(userId)] = modernEntry(p);
    else out[user.email] = legacyEntry(p, now);
  }
  return out;
}

export function presenceLastUpdateId(realm: Realm): number {
  let last = -1;
  for (const p of realm.presences.values()) last = Math.max(last, p.lastUpdateId);
  return last;
}

/**
 * Records a report and tells everyone when the user now shows as more present than before (back
 * from offline, or active again after being idle); fading out needs no event, as clients age the
 * times themselves.
 */
function record(realm: Realm, user: User, status: 'active' | 'idle'): void {
  const now = realm.now();
  const before = realm.presences.get(user.user_id);
  const fresh = (t: number | null | undefined) =>
    t !== null && t !== undefined && now - t < PRESENCE_OFFLINE_THRESHOLD_SECONDS;
  const cameOnline = !fresh(before?.idleTimestamp);
  const becameActive = status === 'active' && !fresh(before?.activeTimestamp);
  const next: UserPresence = {
    activeTimestamp: status === 'active' ? now : (before?.activeTimestamp ?? null),
    idleTimestamp: now,
    lastUpdateId: realm.nextId('presence'),
  };
  realm.presences.set(user.user_id, next);
  if (!(cameOnline || becameActive) || !shared(realm, user)) return;
  const recipients = [...realm.users.values()].filter((u) => u.is_active && !u.is_bot).map((u) => u.user_id);
  realm.events.publish(recipients, {
    type: 'presence',
    user_id: user.user_id,
    email: user.email,
    server_timestamp: realm.clock() / 1000,
    presence: {
      website: {
        client: 'website',
        status,
        timestamp: status === 'active' ? now : next.idleTimestamp,
        pushable: false,
      },
    },
    // Adapted per client: `simplified_presence_events` clients get `presences` instead.
    __presences: { [String(user.user_id)]: modernEntry(next) },
  });
}

/** POST /users/me/presence. */
export function updatePresence(realm: Realm, user: User, req: PresenceUpdate): Record<string, unknown> {
  if (req.status !== 'active' && req.status !== 'idle') throw badRequest('Invalid status: ' + req.status);
  if (!user.is_bot) record(realm, user, req.status);
  if (req.pingOnly) return {};
  const slim = req.slim || req.lastUpdateId !== undefined;
  const presences = presencesFor(realm, {
    slim,
    ...(req.lastUpdateId !== undefined ? { sinceUpdateId: req.lastUpdateId } : {}),
    ...(req.historyLimitDays !== undefined ? { historyLimitDays: req.historyLimitDays } : {}),
  });
  return {
    presences,
    server_timestamp: realm.clock() / 1000,
    ...(req.lastUpdateId !== undefined ? { presence_last_update_id: presenceLastUpdateId(realm) } : {}),
  };
}
