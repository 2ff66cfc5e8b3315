import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import type { Message } from '../../api/model';
import { indexOfId } from './useLightRows';

/** Ids per call: what one screen can show, many times over. */
const IDS_PER_CALL = 1000;

/**
 * Marks the messages the user has seen as read, naming each one (POST /messages/flags, the real
 * service's public endpoint for listed messages). A window of the narrow's unread messages
 * (POST /messages/flags/narrow from the oldest seen one) is not the same thing: a message scrolled
 * past between two seen ones would be marked in place of the newest seen one.
 */
export async function markSeenAsRead(bridge: ChatBridge, seenIds: readonly number[]): Promise<void> {
  const sorted = [...seenIds].sort((a, b) => a - b);
  for (let at = 0; at < sorted.length; at += IDS_PER_CALL)
    await callApi(bridge, 'updateMessageFlags', {
      messages: sorted.slice(at, at + IDS_PER_CALL),
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

/**
 * The unread messages a reader moving down went past without pausing on them: those held between
 * `lastSeenId` (the last message seen in full at the previous pause) and `messages[firstInFull]`
 * (the first one in full now). The real service counts messages scrolled past as read. Nothing when
 * the reader went up, or when the earlier message is no longer held (the feed jumped elsewhere).
 */
export function scrolledPast(
  messages: readonly Message[],
  lastSeenId: number | undefined,
  firstInFull: number,
): number[] {
  if (lastSeenId === undefined) return [];
  const from = indexOfId(messages, lastSeenId);
  if (from < 0 || from >= firstInFull) return [];
  const passed: number[] = [];
  for (let i = from + 1; i < firstInFull; i++) {
    const m = messages[i] as Message;
    if (!(m.flags ?? []).includes('read')) passed.push(m.id);
  }
  return passed;
}
