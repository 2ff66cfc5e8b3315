import type { Message } from '../../api/model';

/** Only a message that was edited or moved has a history to show. */
export function hasEditHistory(message: Message): boolean {
  return (
    message.last_edit_timestamp !== undefined ||
    message.last_moved_timestamp !== undefined ||
    (message.edit_history?.length ?? 0) > 0
  );
}
