import type { Draft } from '../../api/model';
import { conversationKey } from '../../api/narrow';
import { narrowOfDraft } from './draft-model';
import { localOfServerDraft, type LocalDrafts } from './local-drafts';

/**
 * The newest server draft of the conversation `key` names that no other box holds (`taken`: the
 * local drafts, and those being deleted).
 */
export function newestServerDraftFor(
  drafts: readonly Draft[],
  key: string,
  selfId: number | undefined,
  taken: LocalDrafts,
): Draft | undefined {
  let newest: Draft | undefined;
  for (const d of drafts) {
    const narrow = narrowOfDraft(d, selfId);
    if (!narrow || conversationKey(narrow, selfId) !== key || localOfServerDraft(taken, d)) continue;
    if (!newest || (d.timestamp ?? 0) > (newest.timestamp ?? 0)) newest = d;
  }
  return newest;
}
