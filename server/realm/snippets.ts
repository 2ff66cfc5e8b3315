import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import type { User } from './users';

/** Saved snippet (spec 2.7, 4.19). */
export interface SavedSnippet {
  id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

/** The real service's `SavedSnippet.MAX_TITLE_LENGTH` (the spec leaves it unstated). */
export const MAX_SNIPPET_TITLE_LENGTH = 60;

/** A stored snippet's title and content as the real service judges them (the title trimmed). */
function checkSnippet(title: string, content: string): void {
  if (title.trim() === '' || content.trim() === '') throw badRequest('Title cannot be empty.');
  if ([...title.trim()].length > MAX_SNIPPET_TITLE_LENGTH)
    throw badRequest(`title is too long (limit: ${MAX_SNIPPET_TITLE_LENGTH} characters)`);
}

export function createSnippet(realm: Realm, userId: number, title: string, content: string): SavedSnippet {
  checkSnippet(title, content);
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

/** Snippets are private: someone else's answers exactly as a missing one. */
function ownSnippet(realm: Realm, user: User, id: number): SavedSnippet {
  const snippet = realm.snippets.get(id);
  if (!snippet || snippet.user_id !== user.user_id) throw badRequest('Saved snippet does not exist.');
  return snippet;
}

/** POST /saved_snippets: the title is stored trimmed; the user's clients hear of it. */
export function addSnippet(realm: Realm, user: User, title: string, content: string): SavedSnippet {
  const snippet = createSnippet(realm, user.user_id, title.trim(), content);
  realm.events.publish([user.user_id], {
    type: 'saved_snippets',
    op: 'add',
    saved_snippet: snippetToWire(snippet),
  });
  return snippet;
}

/** PATCH /saved_snippets/{id}: a title, a content or both; neither may end up empty. */
export function editSnippet(
  realm: Realm,
  user: User,
  id: number,
  change: { title?: string; content?: string },
): void {
  const snippet = ownSnippet(realm, user, id);
  if (change.title === undefined && change.content === undefined)
    throw badRequest('At least one of title or content must be provided.');
  const title = change.title?.trim() ?? snippet.title;
  const content = change.content ?? snippet.content;
  checkSnippet(title, content);
  Object.assign(snippet, { title, content });
  realm.events.publish([user.user_id], {
    type: 'saved_snippets',
    op: 'update',
    saved_snippet: snippetToWire(snippet),
  });
}

/** DELETE /saved_snippets/{id}. */
export function deleteSnippet(realm: Realm, user: User, id: number): void {
  const snippet = ownSnippet(realm, user, id);
  realm.snippets.delete(snippet.id);
  realm.events.publish([user.user_id], { type: 'saved_snippets', op: 'remove', saved_snippet_id: id });
}
