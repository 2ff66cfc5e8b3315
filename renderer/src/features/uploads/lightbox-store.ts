import { create } from 'zustand';

export interface LightboxImage {
  src: string;
  /** The upload's `/user_uploads/...` path, for "Download". */
  path: string;
  name: string;
}

interface LightboxState {
  images: LightboxImage[];
  index: number;
  open(images: LightboxImage[], index: number): void;
  close(): void;
  /** To the previous (-1) or next (+1) image, stopping at either end. */
  move(delta: number): void;
}

export const useLightboxStore = create<LightboxState>((set) => ({
  images: [],
  index: 0,
  open: (images, index) => set({ images, index: Math.max(0, Math.min(index, images.length - 1)) }),
  close: () => set({ images: [], index: 0 }),
  move: (delta) => set((s) => ({ index: Math.max(0, Math.min(s.images.length - 1, s.index + delta)) })),
}));
