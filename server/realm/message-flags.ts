import type { Message } from './messages';
import type { Realm } from './realm';

/** Flags a user may change (spec 2.7 names `read` and `starred`; `collapsed` is also personal). */
export const EDITABLE_FLAGS = ['read', 'starred', 'collapsed'] as const;
export const NON_EDITABLE_FLAGS = [
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'wildcard_mentioned',
  'has_alert_word',
  'historical',
] as const;

export interface UserFlagState {
  unread: Set<number>;
  starred: Set<number>;
  collapsed: Set<number>;
}

export function flagState(realm: Realm, userId: number): UserFlagState {
  let state = realm.flagStates.get(userId);
  if (!state) {
    state = { unread: new Set(), starred: new Set(), collapsed: new Set() };
    realm.flagStates.set(userId, state);
  }
  return state;
}

export function isUnread(realm: Realm, userId: number, messageId: number): boolean {
  return realm.flagStates.get(userId)?.unread.has(messageId) ?? false;
}

/** Whether the user holds a personal copy of the message (received it, or sent it). */
export function hasCopy(message: Message, userId: number): boolean {
  return message.recipients.includes(userId);
}

/** Set or clear one flag; returns whether anything changed. */
export function setFlag(realm: Realm, userId: number, messageId: number, flag: string, on: boolean): boolean {
  const state = flagState(realm, userId);
  const set = flag === 'read' ? state.unread : flag === 'starred' ? state.starred : state.collapsed;
  // `read` is stored inverted, as the unread set.
  const add = flag === 'read' ? !on : on;
  if (add === set.has(messageId)) return false;
  if (add) set.add(messageId);
  else set.delete(messageId);
  return true;
}
