import { badRequest } from '../http/errors';
import type { Realm } from './realm';

/** Saved snippet (spec 2.7, 4.19). */
export interface SavedSnippet {
  id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

export function createSnippet(realm: Realm, userId: number, title: string, content: string): SavedSnippet {
  if (title.trim() === '' || content.trim() === '') throw badRequest('Title cannot be empty.');
  const s = { id: realm.nextId('snippet'), user_id: userId, title, content, date_created: realm.now() };
  realm.snippets.set(s.id, s);
  return s;
}

export function userSnippets(realm: Realm, userId: number): SavedSnippet[] {
  return [...realm.snippets.values()].filter((s) => s.user_id === userId);
}

export function snippetToWire(s: SavedSnippet): Record<string, unknown> {
  return { id: s.id, title: s.title, content: s.content, date_created: s.date_created };
}
