import { create } from 'zustand';
import type { RecentFilters } from './recent-model';

/** The Recent conversations filters and Filter box's text (client-only; kept while the app runs). */
interface RecentFiltersState extends RecentFilters {
  toggle(filter: keyof RecentFilters): void;
  query: string;
  setQuery(query: string): void;
}

export const useRecentFilters = create<RecentFiltersState>((set) => ({
  participated: false,
  unread: false,
  includeMuted: false,
  toggle: (filter) => set((s) => ({ [filter]: !s[filter] })),
  query: '',
  setQuery: (query) => set({ query }),
}));
