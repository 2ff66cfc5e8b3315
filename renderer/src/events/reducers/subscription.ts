import { feedRootKey, updateInitialState } from '../../api/keys';
import type { Narrow } from '../../api/narrow';
import type { Subscription } from '../../api/model';
import type { EventReducer } from '../types';

/** `subscription`: the user's subscriptions and their properties (spec part 6). */
export const subscription: EventReducer<'subscription'> = ({ queryClient }, event) => {
  // Whether a channel is listed under "Subscribed" in GET /streams changed: those listings refetch.
  if (event.op === 'add' || event.op === 'remove') {
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
    // No events come for a channel while the person is out of it: a feed of it kept from before
    // (a public channel can be read unsubscribed) misses what was sent meanwhile, so it refetches.
    const changed = new Set(event.subscriptions.map((x) => x.stream_id));
    void queryClient.invalidateQueries({
      queryKey: feedRootKey,
      predicate: (query) => {
        const narrow = (query.queryKey[1] as { narrow?: Narrow } | undefined)?.narrow;
        return (narrow?.kind === 'channel' || narrow?.kind === 'topic') && changed.has(narrow.streamId);
      },
    });
  }
  updateInitialState(queryClient, (s) => {
    const subs = s.subscriptions ?? [];
    switch (event.op) {
      case 'add': {
        const added = event.subscriptions;
        const addedIds = new Set(added.map((a) => a.stream_id));
        return {
          ...s,
          subscriptions: [...subs.filter((x) => !addedIds.has(x.stream_id)), ...added],
          unsubscribed: (s.unsubscribed ?? []).filter((x) => !addedIds.has(x.stream_id)),
          never_subscribed: (s.never_subscribed ?? []).filter((x) => !addedIds.has(x.stream_id)),
        };
      }
      case 'remove': {
        const removedIds = new Set(event.subscriptions.map((x) => x.stream_id));
        // The person is no longer among the subscribers (no peer event tells them so).
        const left = subs
          .filter((x) => removedIds.has(x.stream_id))
          .map((x) => (s.user_id === undefined ? x : withPeers(x, [s.user_id], false)));
        return {
          ...s,
          subscriptions: subs.filter((x) => !removedIds.has(x.stream_id)),
          unsubscribed: [...(s.unsubscribed ?? []), ...left],
        };
      }
      case 'update': {
        const { property, value } = event;
        return {
          ...s,
          subscriptions: subs.map((x) => {
            if (x.stream_id !== event.stream_id) return x;
            const next: Subscription = { ...x, [property]: value };
            if (property === 'in_home_view') next.is_muted = !value;
            if (property === 'is_muted') next.in_home_view = !value;
            return next;
          }),
        };
      }
      case 'peer_add':
      case 'peer_remove': {
        const streamIds = new Set(event.stream_ids);
        const change = <C extends PeerCounted>(channel: C): C =>
          streamIds.has(channel.stream_id)
            ? withPeers(channel, event.user_ids, event.op === 'peer_add')
            : channel;
        return {
          ...s,
          subscriptions: subs.map(change),
          ...(s.unsubscribed ? { unsubscribed: s.unsubscribed.map(change) } : {}),
          ...(s.never_subscribed ? { never_subscribed: s.never_subscribed.map(change) } : {}),
        };
      }
    }
  });
};

type PeerCounted = { stream_id: number; subscribers?: number[]; subscriber_count?: number };

/**
 * A channel's subscribers after people joined or left: the list when the register gave one, and the
 * count (from level 394) with it, or moved by the number of people when there is no list.
 */
function withPeers<C extends PeerCounted>(channel: C, userIds: readonly number[], joined: boolean): C {
  if (channel.subscribers) {
    const set = new Set(channel.subscribers);
    for (const id of userIds)
      if (joined) set.add(id);
      else set.delete(id);
    const subscribers = [...set];
    return channel.subscriber_count === undefined
      ? { ...channel, subscribers }
      : { ...channel, subscribers, subscriber_count: subscribers.length };
  }
  if (channel.subscriber_count === undefined) return channel;
  const moved = channel.subscriber_count + (joined ? userIds.length : -userIds.length);
  return { ...channel, subscriber_count: Math.max(0, moved) };
}
