import type { Message } from '../../api/model';
import { messageInNarrow, type Narrow } from '../../api/narrow';

/** The ids of a DM's participants other than the user (the user alone for a DM to oneself). */
export function otherParticipants(message: Pick<Message, 'display_recipient'>, selfId: number): number[] {
  if (!Array.isArray(message.display_recipient)) return [];
  const ids = message.display_recipient.map((u) => u.id).filter((id) => id !== selfId);
  return (ids.length ? ids : [selfId]).sort((a, b) => a - b);
}

/** Whether the open conversation (`narrow`) shows `message` (a search: the server alone knows, so no). */
export function narrowShows(narrow: Narrow | null, message: Message, selfId: number): boolean {
  if (!narrow) return false;
  const recipients = Array.isArray(message.display_recipient)
    ? message.display_recipient.map((u) => u.id)
    : [];
  return messageInNarrow(narrow, message, recipients, selfId) === true;
}
