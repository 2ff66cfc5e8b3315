import { create } from 'zustand';

/**
 * The personal preference "always load images from other sites" (https only), kept on this
 * computer: it decides what this device fetches, so it is not a server setting.
 */
const STORAGE_KEY = 'teamchat.loadExternalImages';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

interface ExternalImagesState {
  loadHttps: boolean;
  setLoadHttps(value: boolean): void;
}

export const useExternalImagesStore = create<ExternalImagesState>((set) => ({
  loadHttps: storage()?.getItem(STORAGE_KEY) === 'https',
  setLoadHttps(value) {
    if (value) storage()?.setItem(STORAGE_KEY, 'https');
    else storage()?.removeItem(STORAGE_KEY);
    set({ loadHttps: value });
  },
}));
