import { create } from 'zustand';
import { toggled } from '../../state/toggle-set';
import type { InboxGroupId } from './inbox-model';

/** Which Inbox groups the user collapsed, and the Filter box's text (client-only; kept while the app runs). */
interface InboxState {
  collapsed: ReadonlySet<InboxGroupId>;
  toggle(group: InboxGroupId): void;
  query: string;
  setQuery(query: string): void;
}

export const useInboxStore = create<InboxState>((set) => ({
  collapsed: new Set(),
  toggle: (group) => set((s) => ({ collapsed: toggled(s.collapsed, group) })),
  query: '',
  setQuery: (query) => set({ query }),
}));
