import { create } from 'zustand';

/** One file of the compose box: going up (with its progress), or refused / failed (with why). */
export interface UploadItem {
  id: string;
  /** The compose box (narrowKey) it was added to. */
  composeKey: string;
  name: string;
  size: number;
  sent: number;
  state: 'uploading' | 'failed';
  error?: string;
}

interface UploadsState {
  items: UploadItem[];
  add(item: UploadItem): void;
  update(id: string, patch: Partial<UploadItem>): void;
  remove(id: string): void;
  /** Drops a compose box's refusals and failures (its message has gone without those files). */
  clearFailed(composeKey: string): void;
}

/**
 * The files in progress and their outcomes, of the account on screen: another account's are put
 * aside with its compose boxes while it is away (state/account-scope.ts).
 */
export const useUploadsStore = create<UploadsState>((set) => ({
  items: [],
  add: (item) => set((s) => ({ items: [...s.items, item] })),
  update: (id, patch) => set((s) => ({ items: withItemChanged(s.items, id, patch) })),
  remove: (id) => set((s) => ({ items: withoutItem(s.items, id) })),
  clearFailed: (composeKey) => set((s) => ({ items: withoutFailed(s.items, composeKey) })),
}));

/** The items without compose box `composeKey`'s refusals and failures. */
export function withoutFailed(items: UploadItem[], composeKey: string): UploadItem[] {
  return items.filter((item) => item.composeKey !== composeKey || item.state !== 'failed');
}

export function withItemChanged(items: UploadItem[], id: string, patch: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.id === id ? { ...item, ...patch } : item));
}

export function withoutItem(items: UploadItem[], id: string): UploadItem[] {
  return items.filter((item) => item.id !== id);
}

/** The names of the files still going up into compose box `composeKey`. */
export function uploadingNames(items: readonly UploadItem[], composeKey: string): string[] {
  return items
    .filter((item) => item.composeKey === composeKey && item.state === 'uploading')
    .map((item) => item.name);
}

/** How to cancel each upload in progress, by item id (not state: nothing renders from it). */
export const uploadControllers = new Map<string, AbortController>();

/**
 * Where files dropped anywhere on the conversation go: the compose box that is open registers
 * its `addFiles` here while mounted.
 */
export const useDropTarget = create<{ addFiles: ((files: File[]) => void) | null }>(() => ({
  addFiles: null,
}));
