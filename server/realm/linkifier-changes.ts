import { badRequest } from '../http/errors';
import {
  addLinkifier,
  linkifierToWire,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
  type Linkifier,
} from './linkifiers';
import type { Realm } from './realm';
import { activeHumanIds, requireAdmin, type User } from './users';

/*
 * Linkifier changes as the API offers them (2.7, 4.20): administrators only, and every change tells
 * everyone the whole new list. linkifiers.ts holds the rules for one pattern and the matching.
 */

function publishLinkifiers(realm: Realm): void {
  realm.events.publish(activeHumanIds(realm), {
    type: 'realm_linkifiers',
    realm_linkifiers: realm.linkifiers.map(linkifierToWire),
  });
}

function findLinkifier(realm: Realm, id: number): Linkifier {
  const l = realm.linkifiers.find((x) => x.id === id);
  if (!l) throw badRequest('Linkifier not found.');
  return l;
}

/** POST /realm/filters. */
export function createLinkifier(realm: Realm, actor: User, pattern: string, urlTemplate: string): Linkifier {
  requireAdmin(actor);
  const l = addLinkifier(realm, pattern, urlTemplate);
  publishLinkifiers(realm);
  return l;
}

/** PATCH /realm/filters/{filter_id}. */
export function editLinkifier(
  realm: Realm,
  actor: User,
  id: number,
  pattern: string,
  urlTemplate: string,
): void {
  requireAdmin(actor);
  updateLinkifier(realm, findLinkifier(realm, id), pattern, urlTemplate);
  publishLinkifiers(realm);
}

/** DELETE /realm/filters/{filter_id}. */
export function deleteLinkifier(realm: Realm, actor: User, id: number): void {
  requireAdmin(actor);
  removeLinkifier(realm, findLinkifier(realm, id));
  publishLinkifiers(realm);
}

/** PATCH /realm/linkifiers: the new order, every linkifier named once. */
export function setLinkifierOrder(realm: Realm, actor: User, ids: readonly number[]): void {
  requireAdmin(actor);
  // An empty list on an organization without linkifiers changes nothing and tells nobody.
  if (ids.length === 0 && realm.linkifiers.length === 0) return;
  reorderLinkifiers(realm, ids);
  publishLinkifiers(realm);
}
