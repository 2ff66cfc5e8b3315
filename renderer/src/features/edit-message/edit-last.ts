import type { QueryClient } from '@tanstack/react-query';
import { getInitialState } from '../../api/keys';
import type { Message } from '../../api/model';
import { useDialogStore } from '../../state/dialogs';
import { showNotice } from '../../state/notice';
import { activeFeed } from '../messages/active-feed';
import { contentLockedSentence, editAllowance, editRulesOf, type EditRules } from './edit-limits';

export type EditLast = { edit: Message } | { refused: string } | null;

/**
 * Which message "edit your last message" opens: the newest one the user sent in the view, when its
 * content may still be edited; otherwise why not (an older one is older still, so no better). Null
 * when the view holds none of theirs.
 */
export function lastMessageToEdit(
  messages: readonly Message[],
  selfId: number,
  rules: EditRules,
  nowSeconds: number,
): EditLast {
  const mine = messages.findLast((m) => m.sender_id === selfId);
  if (!mine) return null;
  const { content } = editAllowance(rules, { isOwn: true, ageSeconds: nowSeconds - mine.timestamp });
  if (content.allowed) return { edit: mine };
  return {
    refused: `Your last message here cannot be edited. ${contentLockedSentence(content.reason, rules.contentLimitSeconds)}`,
  };
}

/**
 * ← in the message view, ↑ in an empty compose box (as in the real service): the newest of your
 * messages in the view is selected and opens in the edit dialog, or a notice says why it cannot.
 * False when there is nothing of yours to edit here (the key then does what it otherwise does).
 */
export function editLastMessage(queryClient: QueryClient): boolean {
  const feed = activeFeed();
  const state = getInitialState(queryClient);
  const rules = state && editRulesOf(state);
  if (!feed || !state?.user_id || !rules || useDialogStore.getState().dialog !== null) return false;
  const target = lastMessageToEdit(feed.messages(), state.user_id, rules, Date.now() / 1000);
  if (!target) return false;
  if ('refused' in target) {
    showNotice(target.refused);
    return true;
  }
  feed.select(target.edit.id);
  useDialogStore.getState().open({ kind: 'edit-message', messageId: target.edit.id });
  return true;
}
