import { p } from '../http/params';
import { route } from '../http/route';
import { linkifierToWire } from '../realm/linkifiers';
import {
  createLinkifier,
  deleteLinkifier,
  editLinkifier,
  setLinkifierOrder,
} from '../realm/linkifier-changes';

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
      setLinkifierOrder(realm, user, ordered_linkifier_ids);
      return {};
    },
  }),
  route({
    method: 'POST',
    path: '/realm/filters',
    params: { pattern: p.string().required(), url_template: p.string().required() },
    handler: ({ realm, user }, { pattern, url_template }) => ({
      id: createLinkifier(realm, user, pattern, url_template).id,
    }),
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
      editLinkifier(realm, user, filter_id, pattern, url_template);
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/realm/filters/:filter_id',
    params: { filter_id: p.int().required() },
    handler: ({ realm, user }, { filter_id }) => {
      deleteLinkifier(realm, user, filter_id);
      return {};
    },
  }),
];
