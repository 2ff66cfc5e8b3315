import { useQuery } from '@tanstack/react-query';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { useBridge } from '../../app/bridge-context';

/** The message as its author typed it (markdown); the feed holds only the rendered HTML. */
export async function fetchMessageSource(bridge: ChatBridge, messageId: number) {
  const answer = await callApi(bridge, 'getMessages', {
    anchor: messageId,
    num_before: 0,
    num_after: 0,
    include_anchor: true,
    narrow: [{ operator: 'id', operand: messageId }],
    apply_markdown: false,
    allow_empty_topic_name: true,
  });
  const source = answer.messages.find((m) => m.id === messageId);
  if (!source) throw new Error('This message is no longer available.');
  return source;
}

export function useMessageSource(messageId: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ['message-source', { message_id: messageId }],
    queryFn: () => fetchMessageSource(bridge, messageId),
    // Always what the server holds now: the message may have been edited since.
    staleTime: 0,
    gcTime: 0,
  });
}
