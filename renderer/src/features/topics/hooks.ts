import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiQuery } from '../../api/queries';

export function topicsKey(streamId: number) {
  return apiQueryKey('getStreamTopics', { stream_id: streamId, allow_empty_topic_name: true });
}

/** Topics of a channel by recency (spec 4.18), the empty topic kept as the empty string. */
export function useTopics(streamId: number | null) {
  return useApiQuery(
    'getStreamTopics',
    { stream_id: streamId ?? -1, allow_empty_topic_name: true },
    { enabled: streamId !== null },
  );
}

export function useRefreshTopics() {
  const queryClient = useQueryClient();
  return (streamId: number) => queryClient.invalidateQueries({ queryKey: topicsKey(streamId) });
}
