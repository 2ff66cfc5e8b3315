import type { User } from '../../api/model';
import { shownName } from '../users/muted-users';

/**
 * How the home views name a direct-message conversation: its other people ("Muted user" for someone
 * muted, as the real service does), or "Notes to self".
 */
export function dmLabel(
  userIds: readonly number[],
  users: ReadonlyMap<number, User>,
  muted: ReadonlySet<number>,
): string {
  if (userIds.length === 0) return 'Notes to self';
  return userIds.map((id) => shownName(id, users, muted)).join(', ');
}
