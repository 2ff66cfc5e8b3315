import type { Realm } from './realm';

/** Whether `muterId` muted `userId` (the real service's muted users; not in the spec). */
export function isMutedBy(realm: Realm, muterId: number, userId: number): boolean {
  return realm.mutedUsers.get(muterId)?.has(userId) ?? false;
}

/** POST /register's `muted_users` and the `muted_users` event: `{ id, timestamp }`, oldest mute first. */
export function mutedUsersToWire(realm: Realm, muterId: number): { id: number; timestamp: number }[] {
  return [...(realm.mutedUsers.get(muterId) ?? [])].map(([id, timestamp]) => ({ id, timestamp }));
}
