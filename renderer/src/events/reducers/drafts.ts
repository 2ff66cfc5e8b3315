import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** `drafts`: add, update or remove server-stored drafts. */
export const drafts: EventReducer<'drafts'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const list = s.drafts ?? [];
    switch (event.op) {
      case 'add':
        return { ...s, drafts: [...list, ...event.drafts] };
      case 'update':
        return { ...s, drafts: list.map((d) => (d.id === event.draft.id ? event.draft : d)) };
      case 'remove':
        return { ...s, drafts: list.filter((d) => d.id !== event.draft_id) };
    }
  });
};
