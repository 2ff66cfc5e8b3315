import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getInitialState } from '../../api/keys';
import type { ComposeNarrow } from '../../api/narrow';
import { callApi } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { useComposeStore } from '../../state/compose';
import { destinationFor } from '../outbox/echo';
import { useScheduledEditing } from './scheduled-editing';

export interface ScheduleRequest {
  /** What is scheduled (trimmed); `typed`, the box's text it came from. */
  content: string;
  typed: string;
  /** When to send (UNIX seconds); for an edit, undefined keeps its time. */
  at?: number;
}

/**
 * Schedules a compose box's text, or saves the scheduled message the box is editing. The text
 * leaves the box only once the server has it: a refusal (a time in the past, a channel the user may
 * not post in) is shown with the text still there.
 */
export function useScheduleMessage(narrow: ComposeNarrow, key: string, channelTopic: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const selfId = useSelfId();
  return useMutation({
    mutationFn: async ({ content, at }: ScheduleRequest) => {
      const destination = destinationFor(narrow, channelTopic, selfId);
      if (!destination) throw new Error('Pick a channel and topic, or a person, to schedule a message.');
      const editing = useScheduledEditing.getState().byKey[key];
      const target =
        destination.type === 'channel'
          ? { type: 'channel' as const, to: destination.streamId, topic: destination.topic }
          : { type: 'direct' as const, to: destination.userIds };
      if (editing) {
        await callApi(bridge, 'updateScheduledMessage', {
          scheduled_message_id: editing.id,
          ...target,
          content,
          ...(at !== undefined ? { scheduled_delivery_timestamp: at } : {}),
        });
        // Its time now, which another device may have changed since the edit began.
        const listed = getInitialState(queryClient)?.scheduled_messages?.find(
          (m) => m.scheduled_message_id === editing.id,
        );
        return { at: at ?? listed?.scheduled_delivery_timestamp ?? editing.at };
      }
      if (at === undefined) throw new Error('Pick a time to send the message.');
      await callApi(bridge, 'createScheduledMessage', {
        ...target,
        content,
        scheduled_delivery_timestamp: at,
      });
      return { at };
    },
    onSuccess: (_done, { typed }) => {
      useScheduledEditing.getState().stop(key);
      const compose = useComposeStore.getState();
      if ((compose.drafts[key] ?? '') === typed) compose.clear(key);
    },
  });
}
