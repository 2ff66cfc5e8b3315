import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { createSnippet, snippetToWire, userSnippets } from '../realm/snippets';

export const savedSnippetRoutes = [
  route({
    method: 'GET',
    path: '/saved_snippets',
    params: {},
    handler: ({ realm, user }) => ({ saved_snippets: userSnippets(realm, user.user_id).map(snippetToWire) }),
  }),
  route({
    method: 'POST',
    path: '/saved_snippets',
    params: { title: p.string().required(), content: p.string().required() },
    handler: ({ realm, user }, { title, content }) => {
      const snippet = createSnippet(realm, user.user_id, title.trim(), content);
      realm.events.publish([user.user_id], {
        type: 'saved_snippets',
        op: 'add',
        saved_snippet: snippetToWire(snippet),
      });
      return { saved_snippet_id: snippet.id };
    },
  }),
  route({
    method: 'PATCH',
    path: '/saved_snippets/:saved_snippet_id',
    params: { saved_snippet_id: p.int().required(), title: p.string(), content: p.string() },
    handler: ({ realm, user }, params) => {
      const snippet = realm.snippets.get(params.saved_snippet_id);
      if (!snippet || snippet.user_id !== user.user_id) throw badRequest('Saved snippet does not exist.');
      if (params.title === undefined && params.content === undefined)
        throw badRequest('At least one of title or content must be provided.');
      const title = params.title?.trim() ?? snippet.title;
      const content = params.content ?? snippet.content;
      if (title === '' || content.trim() === '') throw badRequest('Title cannot be empty.');
      Object.assign(snippet, { title, content });
      realm.events.publish([user.user_id], {
        type: 'saved_snippets',
        op: 'update',
        saved_snippet: snippetToWire(snippet),
      });
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/saved_snippets/:saved_snippet_id',
    params: { saved_snippet_id: p.int().required() },
    handler: ({ realm, user }, { saved_snippet_id }) => {
      const snippet = realm.snippets.get(saved_snippet_id);
      if (!snippet || snippet.user_id !== user.user_id) throw badRequest('Saved snippet does not exist.');
      realm.snippets.delete(snippet.id);
      realm.events.publish([user.user_id], { type: 'saved_snippets', op: 'remove', saved_snippet_id });
      return {};
    },
  }),
];
