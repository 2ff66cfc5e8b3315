import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import type { NarrowTerm } from '../../api/narrow';

/**
 * Marks the unread messages the user has seen. The feed shows a contiguous run of the narrow, so
 * "the N unread messages of the narrow from the oldest seen one" is exactly the seen ones; one
 * POST /messages/flags/narrow call covers them (spec 4.13).
 */
export async function markSeenAsRead(
  bridge: ChatBridge,
  narrow: NarrowTerm[],
  seenIds: number[],
): Promise<void> {
  const sorted = [...seenIds].sort((a, b) => a - b);
  const oldest = sorted[0];
  if (oldest === undefined) return;
  await callApi(bridge, 'updateMessageFlagsForNarrow', {
    anchor: oldest,
    include_anchor: true,
    num_before: 0,
    num_after: sorted.length - 1,
    narrow: [...narrow, { operator: 'is', operand: 'unread' }],
    op: 'add',
    flag: 'read',
  });
}

/** Whether the mark-read-on-scroll policy (1 always, 2 conversation views only, 3 never) allows it here. */
export function markReadAllowed(policy: number, isConversationView: boolean): boolean {
  if (policy === 3) return false;
  if (policy === 2) return isConversationView;
  return true;
}
