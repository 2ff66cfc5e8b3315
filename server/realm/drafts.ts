import { badRequest } from '../http/errors';
import type { Realm } from './realm';

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
