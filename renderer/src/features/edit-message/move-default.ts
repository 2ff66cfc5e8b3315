import { useQuery } from '@tanstack/react-query';
import type { PropagateMode } from '../../../../shared/api/messages';
import { callApi } from '../../api/call';
import type { GetMessagesResponse } from '../../api/model';
import { narrowTerms } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { useNarrowStore } from '../../state/narrow';

export type MessagePlacement = 'first' | 'intermediate' | 'last';

/** Where a message stands in its topic, from the page around it (one message on each side). */
export function placementIn(
  page: Pick<GetMessagesResponse, 'messages' | 'found_oldest' | 'found_newest'>,
  messageId: number,
): MessagePlacement {
  if (page.found_oldest && page.messages[0]?.id === messageId) return 'first';
  if (page.found_newest && page.messages.at(-1)?.id === messageId) return 'last';
  return 'intermediate';
}

/**
 * Which messages a move takes unless the user picks, as in the real service: the whole topic from
 * its first message, only the message when it is the newest, else it and the ones after it.
 */
export const DEFAULT_MOVE: Record<MessagePlacement, PropagateMode> = {
  first: 'change_all',
  intermediate: 'change_later',
  last: 'change_one',
};

/**
 * The default "which messages move" for a channel message ("this and the ones after" until known);
 * opened from search results, only the message, as in the real service.
 */
export function useDefaultMove(
  messageId: number,
  streamId: number | undefined,
  topic: string,
): PropagateMode {
  const bridge = useBridge();
  const fromSearch = useNarrowStore((s) => s.narrow?.kind === 'search');
  const placement = useQuery({
    queryKey: ['messagePlacement', { messageId, streamId, topic }],
    enabled: streamId !== undefined && !fromSearch,
    queryFn: async () => {
      const page = await callApi(bridge, 'getMessages', {
        anchor: messageId,
        num_before: 1,
        num_after: 1,
        narrow: narrowTerms({ kind: 'topic', streamId: streamId!, topic }),
        apply_markdown: false,
        allow_empty_topic_name: true,
      });
      return placementIn(page, messageId);
    },
  });
  return DEFAULT_MOVE[fromSearch ? 'last' : (placement.data ?? 'intermediate')];
}
