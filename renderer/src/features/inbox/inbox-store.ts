import { create } from 'zustand';
import type { InboxGroupId } from './inbox-model';

/** Which Inbox groups the user collapsed (client-only; kept while the app runs). */
interface InboxState {
  collapsed: ReadonlySet<InboxGroupId>;
  toggle(group: InboxGroupId): void;
}

export const useInboxStore = create<InboxState>((set) => ({
  collapsed: new Set(),
  toggle: (group) =>
    set((s) => {
      const next = new Set(s.collapsed);
      if (!next.delete(group)) next.add(group);
      return { collapsed: next };
    }),
}));
