import { useMemo } from 'react';
import type { SearchTerm } from '../../api/search-query';
import { useSelfId, useUsers } from '../../app/realm';
import { useSubscriptions } from '../channels/hooks';
import { useTopics } from '../topics/hooks';
import { useNarrowStore } from '../../state/narrow';
import type { SuggestionSources } from './search-suggestions';

/**
 * Names the search box can suggest: subscribed channels, people, and the topics of the channel the
 * query names, or without a `channel:`, of the channel being viewed.
 */
export function useSuggestionSources(terms: readonly SearchTerm[]): SuggestionSources {
  const subscriptions = useSubscriptions();
  const users = useUsers();
  const channelName = terms.find((t) => t.operator === 'channel' && !t.negated)?.operand.toLowerCase();
  const viewedChannelId = useNarrowStore((s) =>
    s.narrow?.kind === 'channel' || s.narrow?.kind === 'topic' ? s.narrow.streamId : null,
  );
  const channelId =
    channelName === undefined
      ? viewedChannelId
      : (subscriptions.find(
          (c) => c.name.toLowerCase() === channelName || String(c.stream_id) === channelName,
        )?.stream_id ?? null);
  const topics = useTopics(channelId).data?.topics;
  const selfId = useSelfId();
  const selfEmail = selfId === undefined ? undefined : users.get(selfId)?.email;
  return useMemo(
    () => ({
      channels: subscriptions.map((c) => c.name),
      // People before bots (the notification bot came first, as the register lists it first).
      people: [...users.values()]
        .filter((u) => u.is_active !== false)
        .sort((a, b) => Number(a.is_bot === true) - Number(b.is_bot === true))
        .map((u) => ({ email: u.email, fullName: u.full_name })),
      topics: (topics ?? []).map((t) => t.name),
      selfEmail,
    }),
    [subscriptions, users, topics, selfEmail],
  );
}
