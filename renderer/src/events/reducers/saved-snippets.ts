import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** `saved_snippets`: a snippet created, edited or deleted. */
export const savedSnippets: EventReducer<'saved_snippets'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const list = s.saved_snippets ?? [];
    switch (event.op) {
      case 'add':
        return { ...s, saved_snippets: [...list, event.saved_snippet] };
      case 'update':
        return {
          ...s,
          saved_snippets: list.map((x) => (x.id === event.saved_snippet.id ? event.saved_snippet : x)),
        };
      case 'remove':
        return { ...s, saved_snippets: list.filter((x) => x.id !== event.saved_snippet_id) };
    }
  });
};
