import { useComposeStore } from '../../state/compose';
import { useLocalDrafts } from '../drafts/local-drafts';

/** The compose boxes as `replyTarget` reads them: their text and topic now, and the saved drafts. */
export const composeBoxes = {
  text: (key: string) => useComposeStore.getState().drafts[key] ?? '',
  topic: (key: string) => useComposeStore.getState().topics[key] ?? '',
  hasDraft: (key: string) =>
    (useComposeStore.getState().drafts[key] ?? '').trim() !== '' || key in useLocalDrafts.getState().drafts,
};
