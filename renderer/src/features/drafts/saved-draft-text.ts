import type { ChatBridge } from '../../../../shared/ipc';
import { nowSeconds } from './draft-model';
import { discardRetired, enqueue, inBackground, syncDraft } from './draft-sync';
import { useLocalDrafts } from './local-drafts';

/**
 * Changes the saved draft of compose box `key` (this computer's, and the server's copy) as its text
 * was changed while the box may not be open: an upload finishing while another conversation is
 * shown. The box saves only while it is open, so its saved draft would keep the old text and come
 * back beside the new text when the box opens again. An emptied draft is discarded, as the box does.
 */
export function changeSavedDraft(
  bridge: ChatBridge,
  accountId: string | null,
  key: string,
  change: (content: string) => string,
  syncOn: boolean,
): void {
  const store = useLocalDrafts.getState();
  const local = accountId ? store.draftOf(accountId, key) : undefined;
  if (!accountId || !local) return;
  const content = change(local.draft.content);
  if (content === local.draft.content) return;
  // Another account on screen: its draft on this computer changes now, and its server hears of
  // it when that account is open again (unsynced and retired drafts are sent as it opens).
  const onScreen = store.accountId === accountId;
  if (!content.trim()) {
    const retired = store.retireOf(accountId, key);
    if (retired && onScreen) inBackground(enqueue(key, () => discardRetired(bridge, retired)));
    return;
  }
  store.patchOf(accountId, key, {
    draft: { ...local.draft, content, timestamp: nowSeconds() },
    synced: !syncOn,
  });
  if (syncOn && onScreen) inBackground(syncDraft(bridge, key));
}
