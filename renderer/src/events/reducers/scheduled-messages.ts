import type { ScheduledMessage } from '../../../../shared/api/resources';
import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** Soonest first, as the server lists them. */
function bySchedule(list: ScheduledMessage[]): ScheduledMessage[] {
  return [...list].sort(
    (a, b) =>
      a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp ||
      a.scheduled_message_id - b.scheduled_message_id,
  );
}

/**
 * `scheduled_messages`: the register's list kept current. One delivered leaves it by `remove`, like
 * one deleted; one whose delivery failed comes back by `update` with `failed: true`.
 */
export const scheduledMessages: EventReducer<'scheduled_messages'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const list = s.scheduled_messages ?? [];
    switch (event.op) {
      case 'add': {
        const added = new Set(event.scheduled_messages.map((m) => m.scheduled_message_id));
        const kept = list.filter((m) => !added.has(m.scheduled_message_id));
        return { ...s, scheduled_messages: bySchedule([...kept, ...event.scheduled_messages]) };
      }
      case 'update': {
        const changed = event.scheduled_message;
        const kept = list.filter((m) => m.scheduled_message_id !== changed.scheduled_message_id);
        return { ...s, scheduled_messages: bySchedule([...kept, changed]) };
      }
      case 'remove':
        return {
          ...s,
          scheduled_messages: list.filter((m) => m.scheduled_message_id !== event.scheduled_message_id),
        };
    }
  });
};
