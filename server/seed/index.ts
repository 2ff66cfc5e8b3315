import type { Realm } from '../realm/realm';
import { createSystemGroups } from '../realm/groups';
import { ROLE } from '../realm/roles';
import { createUser } from '../realm/users';
import { seedDemo } from './demo';
import { seedLarge } from './large';
import { seedHuge } from './huge';

export type SeedName = 'demo' | 'large' | 'huge' | 'empty';
export const SEED_NAMES: readonly SeedName[] = ['demo', 'large', 'huge', 'empty'];

/** Fill a fresh realm. "empty" is an organization with just its owner. */
export function seed(realm: Realm, name: SeedName): void {
  if (name === 'demo') seedDemo(realm);
  else if (name === 'large') seedLarge(realm);
  else if (name === 'huge') seedHuge(realm);
  else {
    realm.settings.name = 'Empty Organization';
    createSystemGroups(realm);
    createUser(realm, { email: 'owner@example.org', full_name: 'Owner', role: ROLE.owner });
  }
}
