import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

interface Draft {
  id: number;
  [field: string]: unknown;
}

/** `drafts`: add, update or remove server-stored drafts. */
export const drafts: EventReducer = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const list = (s.drafts ?? []) as Draft[];
    switch (event.op) {
      case 'add':
        return { ...s, drafts: [...list, ...((event.drafts as Draft[]) ?? [])] };
      case 'update': {
        const draft = event.draft as Draft;
        return { ...s, drafts: list.map((d) => (d.id === draft.id ? draft : d)) };
      }
      case 'remove':
        return { ...s, drafts: list.filter((d) => d.id !== event.draft_id) };
      default:
        return s;
    }
  });
};
