import { create } from 'zustand';
import { toggled } from '../../state/toggle-set';
import type { InboxGroupId, InboxTopicStatus } from './inbox-model';

/**
 * Which Inbox groups the user collapsed, the Filter box's text and which topics are listed
 * (client-only; kept while the app runs).
 */
interface InboxState {
  collapsed: ReadonlySet<InboxGroupId>;
  toggle(group: InboxGroupId): void;
  query: string;
  setQuery(query: string): void;
  topicStatus: InboxTopicStatus;
  setTopicStatus(topicStatus: InboxTopicStatus): void;
}

export const useInboxStore = create<InboxState>((set) => ({
  collapsed: new Set(),
  toggle: (group) => set((s) => ({ collapsed: toggled(s.collapsed, group) })),
  query: '',
  setQuery: (query) => set({ query }),
  topicStatus: 'unmuted',
  setTopicStatus: (topicStatus) => set({ topicStatus }),
}));
