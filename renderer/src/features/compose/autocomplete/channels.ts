import { channelSlug, encodeHashComponent } from '../../../../../shared/narrow-hash';
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

/**
 * Characters that break the `#**channel>topic**` syntax, as the real service lists them: a name
 * holding one is linked with a plain markdown link instead, its text escaped.
 */
const BREAKS_LINK_SYNTAX = /[`>*&[\]]|\$\$/g;
const LINK_TEXT_ESCAPES: Record<string, string> = {
  '`': '&#96;',
  '>': '&gt;',
  '*': '&#42;',
  '&': '&amp;',
  $$: '&#36;&#36;',
  '[': '&#91;',
  ']': '&#93;',
};
const breaksLinkSyntax = (name: string) => name.search(BREAKS_LINK_SYNTAX) >= 0;
const linkText = (name: string) => name.replace(BREAKS_LINK_SYNTAX, (c) => LINK_TEXT_ESCAPES[c] ?? c);
const channelPath = (channel: ChannelChoice) => `#narrow/channel/${channelSlug(channel.id, channel.name)}`;

/** The link to a channel a picked `#` suggestion inserts. */
export function channelSyntax(channel: ChannelChoice): string {
  return breaksLinkSyntax(channel.name)
    ? `[#${linkText(channel.name)}](${channelPath(channel)})`
    : `#**${channel.name}**`;
}

/** The link to a topic a picked `#channel>` suggestion inserts. */
export function topicSyntax(channel: ChannelChoice, topic: string): string {
  return breaksLinkSyntax(channel.name) || breaksLinkSyntax(topic)
    ? `[#${linkText(channel.name)} > ${linkText(topic)}](${channelPath(channel)}/topic/${encodeHashComponent(topic)})`
    : `#**${channel.name}>${topic}**`;
}
