import type { MutedUser } from '../../../../shared/api/resources';
import type { User } from '../../api/model';

export interface MutedUserRow {
  userId: number;
  /** Their real name: settings show muted people as they are, as the real service does. */
  name: string;
  email: string | undefined;
  /** When they were muted, UNIX seconds, where the server said. */
  timestamp: number | undefined;
}

/** The Muted users settings list: newest mute first, filtered by name or email. */
export function mutedUserRows(
  mutedUsers: readonly MutedUser[],
  users: ReadonlyMap<number, User>,
  query: string,
): MutedUserRow[] {
  const q = query.trim().toLowerCase();
  return mutedUsers
    .map((m) => {
      const user = users.get(m.id);
      return {
        userId: m.id,
        name: user?.full_name ?? `User ${m.id}`,
        email: user?.email,
        timestamp: m.timestamp,
      };
    })
    .filter((r) => !q || r.name.toLowerCase().includes(q) || (r.email?.toLowerCase().includes(q) ?? false))
    .sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0) || a.name.localeCompare(b.name));
}
