import type { User } from '../../api/model';

/** How the home views name a direct-message conversation: its other people, or "Notes to self". */
export function dmLabel(userIds: readonly number[], users: ReadonlyMap<number, User>): string {
  if (userIds.length === 0) return 'Notes to self';
  return userIds.map((id) => users.get(id)?.full_name ?? `User ${id}`).join(', ');
}
