import type { ScheduledMessage } from '../../../../shared/api/resources';
import { conversationKey, type ComposeNarrow } from '../../api/narrow';
import { useComposeStore } from '../../state/compose';
import { useNarrowStore } from '../../state/narrow';
import { focusComposeSoon } from '../compose/focus-compose';
import { useSettingsScreen } from '../settings/screen-store';
import { useScheduledEditing } from './scheduled-editing';

/** The conversation a scheduled message goes to, as the view whose compose box writes there. */
export function narrowOfScheduled(m: ScheduledMessage, selfId: number | undefined): ComposeNarrow {
  if (m.type === 'stream') return { kind: 'topic', streamId: m.to as number, topic: m.topic ?? '' };
  const ids = Array.isArray(m.to) ? m.to : [m.to];
  return { kind: 'dm', userIds: ids.filter((id) => id !== selfId) };
}

/**
 * Opens the message's conversation with its text in the compose box, which then saves to this
 * scheduled message (Save keeps its time, the ▾ menu picks another) instead of sending a new one.
 */
export function editScheduled(m: ScheduledMessage, selfId: number | undefined): void {
  const narrow = narrowOfScheduled(m, selfId);
  const key = conversationKey(narrow, selfId);
  useComposeStore.getState().setText(key, m.content);
  useScheduledEditing
    .getState()
    .start(key, { id: m.scheduled_message_id, at: m.scheduled_delivery_timestamp });
  useNarrowStore.getState().select(narrow);
  useSettingsScreen.getState().close();
  focusComposeSoon();
}
