import type { ChatBridge } from '../../../../shared/ipc';
import { apiErrorCode, callApi } from '../../api/call';
import type { Message } from '../../api/model';
import { toggleInOrder } from '../../api/ordered-toggle';
import { isReactionType } from '../../../../shared/api/plain-values';
import { bridgeForShownAccount } from '../../state/account-scope';

/** 👍 as the service names it. */
export const THUMBS_UP = { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' } as const;

/**
 * Adds the user's reaction with this emoji, or removes it when they already reacted so (or when
 * their press just before, still on its way, added it).
 */
export async function toggleReaction(
  bridge: ChatBridge,
  message: Message,
  selfId: number | undefined,
  emoji: { emoji_name: string; emoji_code: string; reaction_type: string },
): Promise<void> {
  const mine = (message.reactions ?? []).some(
    (r) =>
      r.user_id === selfId && r.reaction_type === emoji.reaction_type && r.emoji_code === emoji.emoji_code,
  );
  const key = `reaction ${message.id} ${emoji.reaction_type} ${emoji.emoji_code}`;
  const forAccount = bridgeForShownAccount(bridge);
  await toggleInOrder(key, mine, async (add) => {
    try {
      await callApi(forAccount, add ? 'addReaction' : 'removeReaction', {
        message_id: message.id,
        emoji_name: emoji.emoji_name,
        emoji_code: emoji.emoji_code,
        ...(isReactionType(emoji.reaction_type) ? { reaction_type: emoji.reaction_type } : {}),
      });
    } catch (error) {
      // Already as asked (changed on another device meanwhile): the press got what it wanted.
      const already = add ? 'REACTION_ALREADY_EXISTS' : 'REACTION_DOES_NOT_EXIST';
      if (apiErrorCode(error) !== already) throw error;
    }
  });
}
