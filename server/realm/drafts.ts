import { ApiError, badRequest } from '../http/errors';
import { canAccessContent } from './channels';
import type { Realm } from './realm';
import type { User } from './users';

/** Draft (spec 2.6). */
export interface Draft {
  id: number;
  user_id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

export type DraftInput = Omit<Draft, 'id' | 'user_id' | 'timestamp'> & { timestamp?: number };

/** Validate a draft object from a request (2.6 rules). */
export function checkDraft(realm: Realm, value: unknown): DraftInput {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('draft is not a dict');
  const d = value as Record<string, unknown>;
  if (d.id !== undefined) throw badRequest('draft contains an id');
  if (d.type !== '' && d.type !== 'stream' && d.type !== 'private') throw badRequest('Invalid draft type');
  if (!Array.isArray(d.to) || !d.to.every((x) => Number.isInteger(x)))
    throw badRequest('draft["to"] is not a list');
  if (typeof d.topic !== 'string') throw badRequest('draft["topic"] is not a string');
  if (typeof d.content !== 'string') throw badRequest('draft["content"] is not a string');
  if (d.timestamp !== undefined && !Number.isInteger(d.timestamp))
    throw badRequest('draft["timestamp"] is not an integer');
  if (d.topic.includes('\0')) throw badRequest('Topic must not contain null bytes');
  if (d.content.includes('\0')) throw badRequest('Content must not contain null bytes');
  let to = d.to as number[];
  if (d.type === 'stream') {
    if (to.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    if (!realm.channels.has(to[0]!)) throw badRequest('Invalid channel ID');
  } else if (d.type === 'private') {
    for (const id of to) if (!realm.users.has(id)) throw badRequest('Invalid user ID ' + id);
  } else {
    to = [];
  }
  return {
    type: d.type,
    to,
    topic: d.type === 'stream' ? d.topic : '',
    content: d.content,
    ...(d.timestamp !== undefined ? { timestamp: d.timestamp as number } : {}),
  };
}

export function createDraft(realm: Realm, userId: number, input: DraftInput): Draft {
  const draft: Draft = {
    ...input,
    id: realm.nextId('draft'),
    user_id: userId,
    timestamp: input.timestamp ?? realm.now(),
  };
  realm.drafts.set(draft.id, draft);
  return draft;
}

export function userDrafts(realm: Realm, userId: number): Draft[] {
  return [...realm.drafts.values()].filter((d) => d.user_id === userId).sort((a, b) => a.id - b.id);
}

export function draftToWire(d: Draft): Record<string, unknown> {
  return { id: d.id, type: d.type, to: d.to, topic: d.topic, content: d.content, timestamp: d.timestamp };
}

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

function ownDraft(realm: Realm, user: User, id: number): Draft {
  const draft = realm.drafts.get(id);
  // 404 as the real service; someone else's draft answers exactly as a missing one.
  if (!draft || draft.user_id !== user.user_id)
    throw new ApiError('Draft does not exist', 'BAD_REQUEST', 404);
  return draft;
}

/** GET /drafts. */
export function listDrafts(realm: Realm, user: User): Draft[] {
  requireSync(user);
  return userDrafts(realm, user.user_id);
}

/** POST /drafts: all or nothing; the user's clients hear of the new ones in one event. */
export function addDrafts(realm: Realm, user: User, values: readonly unknown[]): Draft[] {
  requireSync(user);
  const inputs = values.map((d) => checkUserDraft(realm, user, d));
  const created = inputs.map((d) => createDraft(realm, user.user_id, d));
  if (created.length > 0)
    realm.events.publish([user.user_id], { type: 'drafts', op: 'add', drafts: created.map(draftToWire) });
  return created;
}

/** PATCH /drafts/{draft_id}: the draft is replaced; no timestamp means now. */
export function editDraft(realm: Realm, user: User, draftId: number, value: unknown): void {
  requireSync(user);
  const draft = ownDraft(realm, user, draftId);
  const input = checkUserDraft(realm, user, value);
  Object.assign(draft, input, { timestamp: input.timestamp ?? realm.now() });
  realm.events.publish([user.user_id], { type: 'drafts', op: 'update', draft: draftToWire(draft) });
}

/** DELETE /drafts/{draft_id}. */
export function deleteDraft(realm: Realm, user: User, draftId: number): void {
  requireSync(user);
  const draft = ownDraft(realm, user, draftId);
  realm.drafts.delete(draft.id);
  realm.events.publish([user.user_id], { type: 'drafts', op: 'remove', draft_id: draft.id });
}
