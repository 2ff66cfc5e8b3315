import { ApiError, badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import { canAccessContent } from '../realm/channels';
import { checkDraft, createDraft, draftToWire, userDrafts, type DraftInput } from '../realm/drafts';
import type { User } from '../realm/users';

/** Drafts are stored only while the user keeps `enable_drafts_synchronization` on (4.6). */
function requireSync(user: User): void {
  if (!user.settings.enable_drafts_synchronization)
    throw badRequest('User has disabled synchronizing drafts.');
}

/** 2.6 rules plus what depends on the user: channel access and a sane timestamp. */
function checkUserDraft(realm: Realm, user: User, value: unknown): DraftInput {
  const draft = checkDraft(realm, value);
  if (draft.type === 'stream' && !canAccessContent(realm, user, realm.channels.get(draft.to[0]!)!))
    throw badRequest('Invalid channel ID');
  if (draft.timestamp !== undefined && draft.timestamp < 0)
    throw badRequest('Timestamp must not be negative.');
  return draft;
}

function ownDraft(realm: Realm, user: User, id: number) {
  const draft = realm.drafts.get(id);
  // 404 as the real service; someone else's draft answers exactly as a missing one.
  if (!draft || draft.user_id !== user.user_id)
    throw new ApiError('Draft does not exist', 'BAD_REQUEST', 404);
  return draft;
}

export const draftRoutes = [
  route({
    method: 'GET',
    path: '/drafts',
    params: {},
    handler: ({ realm, user }) => {
      requireSync(user);
      const drafts = userDrafts(realm, user.user_id).map(draftToWire);
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
    handler: ({ realm, user }, params) => {
      requireSync(user);
      const inputs = params.drafts.map((d) => checkUserDraft(realm, user, d));
      const created = inputs.map((d) => createDraft(realm, user.user_id, d));
      if (created.length > 0)
        realm.events.publish([user.user_id], { type: 'drafts', op: 'add', drafts: created.map(draftToWire) });
      return { ids: created.map((d) => d.id) };
    },
  }),
  route({
    method: 'PATCH',
    path: '/drafts/:draft_id',
    params: { draft_id: p.int().required(), draft: p.json((v) => v).required() },
    handler: ({ realm, user }, params) => {
      requireSync(user);
      const draft = ownDraft(realm, user, params.draft_id);
      const input = checkUserDraft(realm, user, params.draft);
      Object.assign(draft, input, { timestamp: input.timestamp ?? realm.now() });
      realm.events.publish([user.user_id], { type: 'drafts', op: 'update', draft: draftToWire(draft) });
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/drafts/:draft_id',
    params: { draft_id: p.int().required() },
    handler: ({ realm, user }, params) => {
      requireSync(user);
      const draft = ownDraft(realm, user, params.draft_id);
      realm.drafts.delete(draft.id);
      realm.events.publish([user.user_id], { type: 'drafts', op: 'remove', draft_id: draft.id });
      return {};
    },
  }),
];
