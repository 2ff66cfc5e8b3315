import type { Subscription, Topic } from '../../../api/model';
import {
  alphabeticalOrder,
  BestOf,
  comparePlaced,
  fold,
  LIST_LIMIT,
  matchKey,
  matchRank,
  type MatchKey,
  type Placed,
} from './rank';

export interface ChannelChoice {
  id: number;
  name: string;
  subscribed: boolean;
}

export interface ChannelIndex {
  readonly entries: readonly { item: ChannelChoice; key: MatchKey; order: number }[];
  /** By folded name, for `#name>` (the real service finds channels by name case-insensitively). */
  readonly byName: ReadonlyMap<string, ChannelChoice>;
}

/** Channels the user can link to: every channel the register state knows, archived ones left out. */
export function buildChannelIndex(
  known: Iterable<Subscription>,
  subscribedIds: ReadonlySet<number>,
): ChannelIndex {
  const items = [...known]
    .filter((c) => !c.is_archived)
    .map((c) => ({ id: c.stream_id, name: c.name, subscribed: subscribedIds.has(c.stream_id) }));
  const order = alphabeticalOrder(items.map((c) => c.name));
  return {
    entries: items.map((item, i) => ({ item, key: matchKey(item.name), order: order[i]! })),
    byName: new Map(items.map((c) => [fold(c.name), c])),
  };
}

/** By match, then the user's own channels before others, then alphabetically. */
export function rankChannels(index: ChannelIndex, query: string, limit = LIST_LIMIT): ChannelChoice[] {
  const q = fold(query.trim());
  const best = new BestOf<Placed<ChannelChoice>>(limit, comparePlaced);
  for (const { item, key, order } of index.entries) {
    const rank = matchRank(key, q);
    if (rank !== null) best.add({ item, rank, recency: item.subscribed ? 1 : 0, order });
  }
  return best.result().map((p) => p.item);
}

export function findChannel(index: ChannelIndex, name: string): ChannelChoice | undefined {
  return index.byName.get(fold(name.trim()));
}

/**
 * A channel's topics for a query: by match, then most recent first (`max_id`), then alphabetically.
 * The empty topic is left out: `#**channel>**` is not a link this server renders.
 */
export function rankTopics(topics: readonly Topic[], query: string, limit = LIST_LIMIT): string[] {
  const q = fold(query.trim());
  const named = topics.filter((t) => t.name !== '');
  const order = alphabeticalOrder(named.map((t) => t.name));
  const best = new BestOf<Placed<string>>(limit, comparePlaced);
  named.forEach((t, i) => {
    const rank = matchRank(matchKey(t.name), q);
    if (rank !== null) best.add({ item: t.name, rank, recency: t.max_id, order: order[i]! });
  });
  return best.result().map((p) => p.item);
}

export const channelSyntax = (channel: string) => `#**${channel}**`;
export const topicSyntax = (channel: string, topic: string) => `#**${channel}>${topic}**`;
