import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import type { NarrowTerm } from '../../api/narrow';

/** Messages per request, and requests at most: 50,000 messages, far past any real "from here". */
export const UNREAD_BATCH = 1000;
export const MAX_UNREAD_ROUNDS = 50;

/**
 * Marks the message and everything after it in the view as unread, batch by batch as the real
 * service's clients do (the server may process fewer than asked), stopping at the newest message.
 */
export async function markUnreadFrom(
  bridge: ChatBridge,
  messageId: number,
  narrow: NarrowTerm[],
): Promise<number> {
  let anchor = messageId;
  let includeAnchor = true;
  let updated = 0;
  for (let round = 0; round < MAX_UNREAD_ROUNDS; round++) {
    const answer = await callApi(bridge, 'updateMessageFlagsForNarrow', {
      anchor,
      include_anchor: includeAnchor,
      num_before: 0,
      num_after: UNREAD_BATCH,
      narrow,
      op: 'remove',
      flag: 'read',
    });
    updated += answer.updated_count;
    if (answer.found_newest || answer.last_processed_id === null || answer.last_processed_id <= anchor) break;
    anchor = answer.last_processed_id;
    includeAnchor = false;
  }
  return updated;
}
