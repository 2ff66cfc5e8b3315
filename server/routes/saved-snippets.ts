import { p } from '../http/params';
import { route } from '../http/route';
import { addSnippet, deleteSnippet, editSnippet, snippetToWire, userSnippets } from '../realm/snippets';

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
    handler: ({ realm, user }, { title, content }) => ({
      saved_snippet_id: addSnippet(realm, user, title, content).id,
    }),
  }),
  route({
    method: 'PATCH',
    path: '/saved_snippets/:saved_snippet_id',
    params: { saved_snippet_id: p.int().required(), title: p.string(), content: p.string() },
    handler: ({ realm, user }, { saved_snippet_id, title, content }) => {
      editSnippet(realm, user, saved_snippet_id, { title, content });
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/saved_snippets/:saved_snippet_id',
    params: { saved_snippet_id: p.int().required() },
    handler: ({ realm, user }, { saved_snippet_id }) => {
      deleteSnippet(realm, user, saved_snippet_id);
      return {};
    },
  }),
];
