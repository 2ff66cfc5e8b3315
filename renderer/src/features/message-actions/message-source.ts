import { useQuery } from '@tanstack/react-query';
import type { QueryCacheAccess } from '../../api/keys';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { useBridge } from '../../app/bridge-context';

/** One message as the server has it now, its content as its author typed it; undefined when gone. */
export async function fetchRawMessage(bridge: ChatBridge, messageId: number) {
  const answer = await callApi(bridge, 'getMessages', {
    anchor: messageId,
    num_before: 0,
    num_after: 0,
    include_anchor: true,
    narrow: [{ operator: 'id', operand: messageId }],
    apply_markdown: false,
    allow_empty_topic_name: true,
  });
  return answer.messages.find((m) => m.id === messageId);
}

/** The message as its author typed it (markdown); the feed holds only the rendered HTML. */
export async function fetchMessageSource(bridge: ChatBridge, messageId: number) {
  const source = await fetchRawMessage(bridge, messageId);
  if (!source) throw new Error('This message is no longer available.');
  return source;
}

type MessageSource = Awaited<ReturnType<typeof fetchMessageSource>>;

const sourceKey = (messageId: number) => ['message-source', { message_id: messageId }] as const;

/**
 * Marks the sources being looked at (an open edit dialog) of messages deleted meanwhile
 * (`delete_message`): the dialog says so instead of failing at Save.
 */
export function markSourcesDeleted(queryClient: QueryCacheAccess, messageIds: Iterable<number>): void {
  for (const id of messageIds)
    queryClient.setQueryData<MessageSource & { deletedMeanwhile?: true }>(sourceKey(id), (source) =>
      source ? { ...source, deletedMeanwhile: true } : source,
    );
}

/**
 * Moves the sources being looked at (an open edit dialog) of messages moved meanwhile
 * (`update_message`): the dialog then shows where the message is now, not where it was.
 */
export function moveSources(
  queryClient: QueryCacheAccess,
  messageIds: Iterable<number>,
  to: { topic: string | undefined; streamId: number | undefined },
): void {
  for (const id of messageIds)
    queryClient.setQueryData<MessageSource & { deletedMeanwhile?: true }>(sourceKey(id), (source) =>
      source && source.type === 'stream'
        ? { ...source, subject: to.topic ?? source.subject, stream_id: to.streamId ?? source.stream_id }
        : source,
    );
}

/** The source shown by "View source": apart from an edit dialog's, whose text must stay the one it started from. */
export const shownSourceKey = (messageId: number) =>
  ['message-source-shown', { message_id: messageId }] as const;

/** An open "View source" of messages edited meanwhile fetches their text again. */
export function refetchShownSources(queryClient: QueryCacheAccess, messageIds: Iterable<number>): void {
  for (const id of messageIds)
    void queryClient.invalidateQueries({ queryKey: shownSourceKey(id), exact: true });
}

/** The message's text to read in "View source", following edits made while it is open. */
export function useShownMessageSource(messageId: number) {
  const bridge = useBridge();
  return useQuery<MessageSource>({
    queryKey: shownSourceKey(messageId),
    queryFn: () => fetchMessageSource(bridge, messageId),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useMessageSource(messageId: number) {
  const bridge = useBridge();
  return useQuery<MessageSource & { deletedMeanwhile?: true }>({
    queryKey: sourceKey(messageId),
    queryFn: () => fetchMessageSource(bridge, messageId),
    // Always what the server holds now: the message may have been edited since.
    staleTime: 0,
    gcTime: 0,
  });
}
