import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { addDrafts, deleteDraft, draftToWire, editDraft, listDrafts } from '../realm/drafts';

export const draftRoutes = [
  route({
    method: 'GET',
    path: '/drafts',
    params: {},
    handler: ({ realm, user }) => {
      const drafts = listDrafts(realm, user).map(draftToWire);
      return { count: drafts.length, drafts };
    },
  }),
  route({
    method: 'POST',
    path: '/drafts',
    params: {
      drafts: p
        .json((v, name) => {
          if (!Array.isArray(v)) throw badRequest(`${name} is not a list`);
          return v as unknown[];
        })
        .required(),
    },
    handler: ({ realm, user }, params) => ({
      ids: addDrafts(realm, user, params.drafts).map((d) => d.id),
    }),
  }),
  route({
    method: 'PATCH',
    path: '/drafts/:draft_id',
    params: { draft_id: p.int().required(), draft: p.json((v) => v).required() },
    handler: ({ realm, user }, params) => {
      editDraft(realm, user, params.draft_id, params.draft);
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/drafts/:draft_id',
    params: { draft_id: p.int().required() },
    handler: ({ realm, user }, params) => {
      deleteDraft(realm, user, params.draft_id);
      return {};
    },
  }),
];
