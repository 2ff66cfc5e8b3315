import type { User, UserGroup } from '../../../api/model';
import { userInGroupSetting } from '../../../app/permissions';
import {
  alphabeticalOrder,
  BestOf,
  comparePlaced,
  fold,
  LIST_LIMIT,
  MATCH,
  matchKey,
  matchRank,
  type MatchKey,
  type Placed,
} from './rank';

/** Someone or a group `@` can mention. */
export type Mentionable =
  | {
      kind: 'user';
      id: number;
      name: string;
      email: string;
      /** Another active user has the same name: the mention needs the id (`@**Name|id**`). */
      sharedName: boolean;
    }
  | {
      kind: 'group';
      id: number;
      name: string;
      description: string;
      /** The user is in its `can_mention_group`: else the server refuses a (non-silent) mention of it. */
      mayMention: boolean;
    }
  | { kind: 'wildcard'; id: WildcardName; name: WildcardName; description: string };

/**
 * The service's wildcard mentions: everyone in the conversation (`@**all**`, `@**everyone**`;
 * in a channel also `@**channel**`), or everyone who took part in the topic (`@**topic**`).
 * Direct messages have no channel or topic, so there only the first two are offered. Older
 * servers know fewer: `@**topic**` came at feature level 224, and `@**channel**` at 247 (before
 * it, the same wildcard was `@**stream**`); one they do not know would notify nobody.
 */
export type WildcardName = 'all' | 'everyone' | 'channel' | 'stream' | 'topic';
const WILDCARDS: readonly {
  name: WildcardName;
  channelOnly: boolean;
  /** The feature levels that know it: from `since`, until `until` (excluded). */
  since?: number;
  until?: number;
}[] = [
  { name: 'all', channelOnly: false },
  { name: 'everyone', channelOnly: false },
  { name: 'channel', channelOnly: true, since: 247 },
  { name: 'stream', channelOnly: true, until: 247 },
  { name: 'topic', channelOnly: true, since: 224 },
];
const WILDCARD_DESCRIPTION: Record<WildcardName, { channel: string; dm: string }> = {
  all: { channel: 'Notify channel', dm: 'Notify recipients' },
  everyone: { channel: 'Notify channel', dm: 'Notify recipients' },
  channel: { channel: 'Notify channel', dm: '' },
  stream: { channel: 'Notify channel', dm: '' },
  topic: { channel: 'Notify topic', dm: '' },
};

/**
 * The service's threshold for "many users" (its web app's constant: the API does not send it): a
 * channel wildcard in a channel with more subscribers than this needs `can_mention_many_users_group`.
 */
export const WILDCARD_MENTION_THRESHOLD = 15;

/**
 * Whether a person may use channel wildcards in a channel: it is small enough, or the organization's
 * "who can mention many users" includes them. Unknown numbers or an older server: yes (the server
 * has the last word, and its refusal keeps the text).
 */
export function channelWildcardsAllowed(
  subscriberCount: number | undefined,
  mayMentionMany: boolean,
): boolean {
  return mayMentionMany || subscriberCount === undefined || subscriberCount <= WILDCARD_MENTION_THRESHOLD;
}

/** Where the message goes, which decides the wildcards offered and how they are described. */
export type MentionContext = 'channel' | 'dm';

interface Entry {
  item: Mentionable;
  key: MatchKey;
  /** Folded email, matched as a prefix after the name. */
  email: string;
  order: number;
}

/**
 * People and groups prepared once per list (folded names, word starts, alphabetical positions),
 * with the entries the last query matched: a query that extends it (the next keystroke, mostly)
 * can only match among those, so typing on scans fewer and fewer entries.
 */
export interface MentionIndex {
  readonly entries: readonly Entry[];
  /** The wildcard mentions, ranked with the entries but filtered by the conversation. */
  readonly wildcards: readonly Entry[];
  last?: { query: string; hits: readonly Entry[] };
}

export function buildMentionIndex(
  users: Iterable<User>,
  groups: readonly UserGroup[] = [],
  {
    selfId,
    featureLevel,
    mutedUserIds,
  }: {
    selfId?: number;
    /** The server's `service_feature_level`, which decides the wildcards it knows (unknown: the newest). */
    featureLevel?: number;
    /** People the user muted: not offered, as in the real service's typeahead. */
    mutedUserIds?: ReadonlySet<number>;
  } = {},
): MentionIndex {
  const active = [...users].filter((u) => u.is_active !== false);
  const nameCount = new Map<string, number>();
  for (const u of active) {
    const folded = u.full_name.toLowerCase();
    nameCount.set(folded, (nameCount.get(folded) ?? 0) + 1);
  }
  const items: Mentionable[] = [
    ...active
      .filter((u) => !mutedUserIds?.has(u.user_id))
      .map((u): Mentionable => ({
        kind: 'user',
        id: u.user_id,
        name: u.full_name,
        email: u.email,
        sharedName: (nameCount.get(u.full_name.toLowerCase()) ?? 0) > 1,
      })),
    // System groups (role:members, ...) are not mentioned by name in the real service's typeahead.
    ...groups
      .filter((g) => !g.is_system_group && !g.deactivated)
      .map((g): Mentionable => ({
        kind: 'group',
        id: g.id,
        name: g.name,
        description: g.description,
        // A server without the setting (or before the user is known) leaves the decision to the server.
        mayMention:
          g.can_mention_group === undefined ||
          selfId === undefined ||
          userInGroupSetting(g.can_mention_group, selfId, groups),
      })),
  ];
  const order = alphabeticalOrder(items.map((i) => i.name));
  return {
    entries: items.map((item, i) => ({
      item,
      key: matchKey(item.name),
      email: item.kind === 'user' ? fold(item.email) : '',
      order: order[i]!,
    })),
    wildcards: WILDCARDS.filter(({ since, until }) => knownAt(featureLevel, since, until)).map(
      ({ name }, i) => ({
        item: { kind: 'wildcard', id: name, name, description: '' },
        key: matchKey(name),
        email: '',
        order: items.length + i,
      }),
    ),
  };
}

/** Whether a server at `featureLevel` (unknown: the newest) knows what came at `since` and went at `until`. */
function knownAt(featureLevel: number | undefined, since = 0, until?: number): boolean {
  if (featureLevel === undefined) return until === undefined;
  return featureLevel >= since && (until === undefined || featureLevel < until);
}

function wildcardsFor(
  index: MentionIndex,
  context: MentionContext,
  silent: boolean,
  channelWildcards: boolean,
): Entry[] {
  // A silent mention notifies nobody, so "everyone" silently means nothing: none are offered.
  if (silent) return [];
  return index.wildcards.flatMap((entry) => {
    const name = entry.item.name as WildcardName;
    if (context === 'dm' && WILDCARDS.find((w) => w.name === name)?.channelOnly) return [];
    if (context === 'channel' && !channelWildcards && name !== 'topic') return [];
    const description = WILDCARD_DESCRIPTION[name][context];
    return [{ ...entry, item: { kind: 'wildcard', id: name, name, description } }];
  });
}

export interface MentionOptions {
  /** A larger number for someone more recently talked with (mentionRecency). */
  recency?: ReadonlyMap<number, number>;
  limit?: number;
  /** Where the message goes (default: a channel). */
  context?: MentionContext;
  /** A silent mention (`@_`) is being typed. */
  silent?: boolean;
  /**
   * Whether the person may notify the whole channel (`@**all**`, `@**channel**`...): the service
   * refuses it in a big channel to those its "who can mention many users" leaves out
   * (channelWildcardsAllowed). Default: yes.
   */
  channelWildcards?: boolean;
}

/**
 * The best mentions for a typed query: by match (exact, prefix of the full name, prefix of a word,
 * anywhere; an email starting with the query counts as "anywhere"), then recent use (`recency`: a
 * larger number for someone more recently talked with; groups have none), then alphabetically.
 */
export function rankMentions(
  index: MentionIndex,
  query: string,
  {
    recency = new Map(),
    limit = LIST_LIMIT,
    context = 'channel',
    silent = false,
    channelWildcards = true,
  }: MentionOptions = {},
): Mentionable[] {
  const q = fold(query.trim());
  const best = new BestOf<Placed<Mentionable>>(limit, comparePlaced);
  // As in the real service: among equal matches, the wildcards come first in a channel (whoever
  // was talked with recently), last in a direct message.
  const wildcardRecency = context === 'channel' ? Number.MAX_SAFE_INTEGER : -1;
  for (const entry of wildcardsFor(index, context, silent, channelWildcards)) {
    const rank = matchRank(entry.key, q);
    if (rank !== null) best.add({ item: entry.item, rank, recency: wildcardRecency, order: entry.order });
  }
  // Whatever does not contain "be" (nor has an email starting with it) cannot contain "ben".
  const candidates = index.last && q.startsWith(index.last.query) ? index.last.hits : index.entries;
  const hits: Entry[] = [];
  for (const entry of candidates) {
    let rank = matchRank(entry.key, q);
    if (rank === null && entry.email.startsWith(q)) rank = MATCH.substring;
    if (rank === null) continue;
    hits.push(entry);
    // As in the real service: a group one may not mention is offered only to a silent mention.
    if (entry.item.kind === 'group' && !entry.item.mayMention && !silent) continue;
    const recent = entry.item.kind === 'user' ? (recency.get(entry.item.id) ?? 0) : 0;
    best.add({ item: entry.item, rank, recency: recent, order: entry.order });
  }
  index.last = { query: q, hits };
  return best.result().map((p) => p.item);
}

/** The markdown a picked mention inserts; `silent` mentions do not notify (`@_**Name**`). */
export function mentionSyntax(item: Mentionable, silent: boolean): string {
  const at = silent ? '@_' : '@';
  if (item.kind === 'wildcard') return `${at}**${item.name}**`;
  if (item.kind === 'group') return `${at}*${item.name}*`;
  return item.sharedName ? `${at}**${item.name}|${item.id}**` : `${at}**${item.name}**`;
}

/**
 * Who the user talked with recently, as a recency score per user id (the newest message id
 * involving them): the people of recent direct-message conversations, and the senders of the
 * messages of the open conversation.
 */
export function mentionRecency(
  recentConversations: readonly { max_message_id: number; user_ids: readonly number[] }[] | undefined,
  conversationMessages: readonly { id: number; sender_id: number }[],
  selfId: number | undefined,
): Map<number, number> {
  const recency = new Map<number, number>();
  const note = (userId: number, messageId: number) => {
    if (userId === selfId) return;
    if ((recency.get(userId) ?? 0) < messageId) recency.set(userId, messageId);
  };
  for (const c of recentConversations ?? []) for (const id of c.user_ids) note(id, c.max_message_id);
  for (const m of conversationMessages) note(m.sender_id, m.id);
  return recency;
}
