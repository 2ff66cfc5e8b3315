import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import {
  addLinkifier,
  linkifierToWire,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
  type Linkifier,
} from '../realm/linkifiers';
import { activeHumanIds, requireAdmin } from '../realm/users';

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

/** Linkifiers (2.7, 4.20): anyone may list them; administrators add, edit, reorder and remove them. */
export const linkifierRoutes = [
  route({
    method: 'GET',
    path: '/realm/linkifiers',
    params: {},
    handler: ({ realm }) => ({ linkifiers: realm.linkifiers.map(linkifierToWire) }),
  }),
  route({
    method: 'PATCH',
    path: '/realm/linkifiers',
    params: { ordered_linkifier_ids: p.intList().required() },
    handler: ({ realm, user }, { ordered_linkifier_ids }) => {
      requireAdmin(user);
      // An empty list on an organization without linkifiers changes nothing and tells nobody.
      if (ordered_linkifier_ids.length === 0 && realm.linkifiers.length === 0) return {};
      reorderLinkifiers(realm, ordered_linkifier_ids);
      publishLinkifiers(realm);
      return {};
    },
  }),
  route({
    method: 'POST',
    path: '/realm/filters',
    params: { pattern: p.string().required(), url_template: p.string().required() },
    handler: ({ realm, user }, { pattern, url_template }) => {
      requireAdmin(user);
      const l = addLinkifier(realm, pattern, url_template);
      publishLinkifiers(realm);
      return { id: l.id };
    },
  }),
  route({
    method: 'PATCH',
    path: '/realm/filters/:filter_id',
    params: {
      filter_id: p.int().required(),
      pattern: p.string().required(),
      url_template: p.string().required(),
    },
    handler: ({ realm, user }, { filter_id, pattern, url_template }) => {
      requireAdmin(user);
      updateLinkifier(realm, findLinkifier(realm, filter_id), pattern, url_template);
      publishLinkifiers(realm);
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/realm/filters/:filter_id',
    params: { filter_id: p.int().required() },
    handler: ({ realm, user }, { filter_id }) => {
      requireAdmin(user);
      removeLinkifier(realm, findLinkifier(realm, filter_id));
      publishLinkifiers(realm);
      return {};
    },
  }),
];
