import type { InitialState, User } from '../../api/model';
import { compareNames } from './person-search';

/** The role badge shown next to a name (spec 4.10 role numbers); ordinary members get none. */
export function roleBadge(role: number | undefined): string | null {
  switch (role) {
    case 100:
      return 'Owner';
    case 200:
      return 'Admin';
    case 300:
      return 'Moderator';
    case 600:
      return 'Guest';
    default:
      return null;
  }
}

export type Presence = 'active' | 'idle' | 'offline';

/**
 * A user's presence from the register state's `presences` (the modern form: per user id, the last
 * active and idle times), or undefined when the server told nothing about them.
 */
export function presenceOf(
  presences: InitialState['presences'],
  userId: number,
  nowSeconds: number,
  offlineThresholdSeconds = 140,
): Presence | undefined {
  const entry = presences?.[String(userId)];
  if (!entry) return undefined;
  const recent = (t: number | undefined) => t !== undefined && nowSeconds - t <= offlineThresholdSeconds;
  if (recent(entry.active_timestamp)) return 'active';
  if (recent(entry.idle_timestamp)) return 'idle';
  return 'offline';
}

/**
 * The people panel's order: humans by name (self first), then bots; deactivated users left out, and
 * muted ones, as the real service's right sidebar does.
 */
export function peopleForPanel(
  users: Iterable<User>,
  selfId: number | undefined,
  query = '',
  muted: ReadonlySet<number> = new Set(),
): User[] {
  const q = query.trim().toLowerCase();
  return [...users]
    .filter((u) => u.is_active !== false && !muted.has(u.user_id))
    .filter((u) => !q || u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q))
    .sort(
      (a, b) =>
        Number(a.user_id !== selfId) - Number(b.user_id !== selfId) ||
        Number(!!a.is_bot) - Number(!!b.is_bot) ||
        compareNames(a, b),
    );
}
