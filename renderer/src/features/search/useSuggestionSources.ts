import { useMemo } from 'react';
import type { SearchTerm } from '../../api/search-query';
import { useSelfId, useUsers } from '../../app/realm';
import { useChannelIndex, useSubscriptions } from '../channels/hooks';
import { useTopics } from '../topics/hooks';
import { useNarrowStore } from '../../state/narrow';
import type { SuggestionSources } from './search-suggestions';

/**
 * Names the search box can suggest: channels (subscribed ones first, then the others the person can
 * see, which can be searched too), people, and the topics of the channel the query names, or
 * without a `channel:`, of the channel being viewed.
 */
export function useSuggestionSources(terms: readonly SearchTerm[]): SuggestionSources {
  const subscriptions = useSubscriptions();
  const known = useChannelIndex();
  const channels = useMemo(() => {
    const subscribed = new Set(subscriptions.map((c) => c.stream_id));
    const others = [...known.values()]
      .filter((c) => !subscribed.has(c.stream_id))
      .sort((a, b) => a.name.localeCompare(b.name));
    return [...subscriptions, ...others];
  }, [subscriptions, known]);
  const users = useUsers();
  const channelName = terms.find((t) => t.operator === 'channel' && !t.negated)?.operand.toLowerCase();
  const viewedChannelId = useNarrowStore((s) =>
    s.narrow?.kind === 'channel' || s.narrow?.kind === 'topic' ? s.narrow.streamId : null,
  );
  const channelId =
    channelName === undefined
      ? viewedChannelId
      : (channels.find((c) => c.name.toLowerCase() === channelName || String(c.stream_id) === channelName)
          ?.stream_id ?? null);
  const topics = useTopics(channelId).data?.topics;
  const selfId = useSelfId();
  const selfEmail = selfId === undefined ? undefined : users.get(selfId)?.email;
  // Each list is built when its own source changes: a new message in the viewed channel changes
  // its topics, and must not rebuild (and sort) the list of every person in the organization.
  const channelNames = useMemo(() => channels.map((c) => c.name), [channels]);
  const people = useMemo(
    () =>
      // People before bots (the notification bot came first, as the register lists it first).
      [...users.values()]
        .filter((u) => u.is_active !== false)
        .sort((a, b) => Number(a.is_bot === true) - Number(b.is_bot === true))
        .map((u) => ({ email: u.email, fullName: u.full_name })),
    [users],
  );
  const topicNames = useMemo(() => (topics ?? []).map((t) => t.name), [topics]);
  return useMemo(
    () => ({ channels: channelNames, people, topics: topicNames, selfEmail }),
    [channelNames, people, topicNames, selfEmail],
  );
}
