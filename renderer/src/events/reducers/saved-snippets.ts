import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

interface Snippet {
  id: number;
  [field: string]: unknown;
}

/** `saved_snippets`: a snippet created, edited or deleted. */
export const savedSnippets: EventReducer = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const list = (s.saved_snippets ?? []) as Snippet[];
    if (event.op === 'add') return { ...s, saved_snippets: [...list, event.saved_snippet as Snippet] };
    if (event.op === 'update') {
      const changed = event.saved_snippet as Snippet;
      return { ...s, saved_snippets: list.map((x) => (x.id === changed.id ? changed : x)) };
    }
    if (event.op === 'remove')
      return { ...s, saved_snippets: list.filter((x) => x.id !== event.saved_snippet_id) };
    return s;
  });
};
