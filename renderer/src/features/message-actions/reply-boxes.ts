import type { Draft } from '../../api/model';
import { useComposeStore } from '../../state/compose';
import { useLocalDrafts } from '../drafts/local-drafts';
import { newestServerDraftFor } from '../drafts/server-drafts';

/**
 * The compose boxes as `replyTarget` reads them: their text and topic now, and the saved drafts,
 * those kept only on the server (`serverDrafts`: written on another computer, or a box not opened
 * here since) included, since the box brings them back when it opens.
 */
export function composeBoxes(serverDrafts: readonly Draft[] | undefined, selfId: number | undefined) {
  return {
    text: (key: string) => useComposeStore.getState().drafts[key] ?? '',
    topic: (key: string) => useComposeStore.getState().topics[key] ?? '',
    hasDraft: (key: string) => {
      if ((useComposeStore.getState().drafts[key] ?? '').trim() !== '') return true;
      const local = useLocalDrafts.getState();
      if (key in local.drafts) return true;
      const taken = { ...local.drafts, ...local.retired };
      return newestServerDraftFor(serverDrafts ?? [], key, selfId, taken) !== undefined;
    },
  };
}
