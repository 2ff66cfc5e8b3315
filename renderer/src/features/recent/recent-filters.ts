import { create } from 'zustand';
import type { RecentFilters } from './recent-model';

/** The Recent conversations filters (client-only; kept while the app runs). */
interface RecentFiltersState extends RecentFilters {
  toggle(filter: keyof RecentFilters): void;
}

export const useRecentFilters = create<RecentFiltersState>((set) => ({
  participated: false,
  unread: false,
  includeMuted: false,
  toggle: (filter) => set((s) => ({ [filter]: !s[filter] })),
}));
