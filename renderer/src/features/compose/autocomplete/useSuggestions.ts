import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import memoizeOne from 'memoize-one';
import { useEffect, useMemo } from 'react';
import type { Subscription, User, UserGroup } from '../../../api/model';
import type { FeedData } from '../../../api/keys';
import type { ComposeNarrow } from '../../../api/narrow';
import { useRealmPermission } from '../../../app/permissions';
import { useSelfId, useUsers } from '../../../app/realm';
import { useInitialState } from '../../../app/session';
import { useChannelIndex } from '../../channels/hooks';
import { EXTRA_EMOJI, loadUnicodeEmoji, realmEmojiChoices, type EmojiChoice } from '../../reactions/emoji';
import { useSavedSnippets } from '../../snippets/useSnippets';
import { useTopics } from '../../topics/hooks';
import {
  buildChannelIndex,
  channelSyntax,
  findChannel,
  rankChannels,
  rankTopics,
  topicSyntax,
} from './channels';
import { buildEmojiIndex, emojiSyntax, rankEmoji } from './emoji';
import { useMutedUserIds } from '../../users/muted-users';
import {
  buildMentionIndex,
  channelWildcardsAllowed,
  mentionRecency,
  mentionSyntax,
  rankMentions,
} from './people';
import { useRecentEmoji } from '../../reactions/recent-emoji';
import { rankSnippets } from './snippets';
import type { Token } from './token';

/** One row of the autocomplete list, whatever its source. */
export interface Suggestion {
  /** Unique within the list (option ids, test ids). */
  id: string;
  kind: 'user' | 'group' | 'wildcard' | 'channel' | 'topic' | 'emoji' | 'snippet';
  label: string;
  detail?: string;
  emoji?: EmojiChoice;
  /** Replaces the typed trigger (from its start to the caret). */
  insert: string;
  /** Called once the suggestion is inserted (e.g. to remember an emoji as recently used). */
  picked?: () => void;
}

const EMPTY: Suggestion[] = [];

/** A value computed on first use and then kept: an index is built when its trigger is first typed. */
function lazy<T>(build: () => T): () => T {
  let value: { built: T } | null = null;
  return () => (value ??= { built: build() }).built;
}

// The people and channel indexes: built when `@` or `#` is first typed, then shared by every compose
// box (each conversation mounts its own) until the lists they come from change. Over 20,000 people
// the mention index takes a few hundred milliseconds on a slow machine.
const sharedMentionIndex = memoizeOne(
  (
    users: ReadonlyMap<number, User>,
    groups: readonly UserGroup[] | undefined,
    selfId: number | undefined,
    featureLevel: number | undefined,
    mutedUserIds: ReadonlySet<number>,
  ) => lazy(() => buildMentionIndex(users.values(), groups ?? [], { selfId, featureLevel, mutedUserIds })),
);
const sharedChannelIndex = memoizeOne(
  (channels: ReadonlyMap<number, Subscription>, subscriptions: readonly Subscription[] | undefined) =>
    lazy(() => buildChannelIndex(channels.values(), new Set((subscriptions ?? []).map((s) => s.stream_id)))),
);

/**
 * Builds an index the next time the window is idle after a compose box appears, so the first `@`
 * finds it ready instead of building it under the user's keystroke (shared, it is built once).
 */
function useBuiltWhenIdle(index: () => unknown): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => index(), { timeout: IDLE_BUILD_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }, [index]);
}
const IDLE_BUILD_TIMEOUT_MS = 5000;

/** Messages of the open conversation the cache already holds (no fetch): whose words to rank first. */
function cachedConversation(queryClient: QueryClient, narrow: ComposeNarrow) {
  const feeds = queryClient.getQueriesData<FeedData>({ queryKey: ['getMessages', { narrow }] });
  return feeds.flatMap(([, data]) => data?.pages.flatMap((p) => p.messages) ?? []);
}

/** The suggestions for the token being typed, from the register state and the cached topics. */
export function useSuggestions(token: Token | null, narrow: ComposeNarrow): Suggestion[] {
  const kind = token?.kind;
  const selfId = useSelfId();
  const users = useUsers();
  const groups = useInitialState((s) => s.realm_user_groups);
  const featureLevel = useInitialState((s) => s.service_feature_level);
  const recentDms = useInitialState((s) => s.recent_private_conversations);
  const channels = useChannelIndex();
  const subscriptions = useInitialState((s) => s.subscriptions);
  const mayMentionMany = useRealmPermission('realm_can_mention_many_users_group', true);
  const realmEmoji = useInitialState((s) => s.realm_emoji);
  const snippets = useSavedSnippets();
  const recentEmoji = useRecentEmoji((s) => s.names);
  const queryClient = useQueryClient();

  const mutedUserIds = useMutedUserIds();
  const mentionIndex = sharedMentionIndex(users, groups, selfId, featureLevel, mutedUserIds);
  useBuiltWhenIdle(mentionIndex);
  const channelIndex = sharedChannelIndex(channels, subscriptions);
  const topicChannel = token?.kind === 'topic' ? findChannel(channelIndex(), token.channel) : undefined;
  const topics = useTopics(topicChannel?.id ?? null);
  // gemoji is a large module: loaded the first time `:` is typed, then kept.
  const unicode = useQuery({
    queryKey: ['emoji', 'unicode'],
    queryFn: loadUnicodeEmoji,
    staleTime: Infinity,
    enabled: kind === 'emoji',
  });
  const emojiIndex = useMemo(
    () =>
      lazy(() =>
        buildEmojiIndex([...realmEmojiChoices(realmEmoji), ...EXTRA_EMOJI, ...(unicode.data ?? [])]),
      ),
    [realmEmoji, unicode.data],
  );
  const recordEmoji = useRecentEmoji((s) => s.used);

  return useMemo((): Suggestion[] => {
    if (!token) return EMPTY;
    switch (token.kind) {
      case 'mention': {
        const recency = mentionRecency(recentDms, cachedConversation(queryClient, narrow), selfId);
        const context = narrow.kind === 'dm' ? 'dm' : 'channel';
        const channel =
          narrow.kind === 'dm' ? undefined : subscriptions?.find((s) => s.stream_id === narrow.streamId);
        const channelWildcards = channelWildcardsAllowed(
          channel?.subscribers?.length ?? channel?.subscriber_count,
          mayMentionMany,
        );
        return rankMentions(mentionIndex(), token.query, {
          recency,
          context,
          silent: token.silent,
          channelWildcards,
        }).map((m) => ({
          id: `${m.kind}-${m.id}`,
          kind: m.kind,
          label: m.name,
          detail: m.kind === 'user' ? m.email : m.description,
          insert: `${mentionSyntax(m, token.silent)} `,
        }));
      }
      case 'channel':
        return rankChannels(channelIndex(), token.query).map((c) => ({
          id: `channel-${c.id}`,
          kind: 'channel',
          label: c.name,
          insert: `${channelSyntax(c)} `,
        }));
      case 'topic': {
        if (!topicChannel) return EMPTY;
        return rankTopics(topics.data?.topics ?? [], token.query).map((topic, i) => ({
          id: `topic-${i}`,
          kind: 'topic',
          label: topic,
          detail: `#${topicChannel.name}`,
          insert: `${topicSyntax(topicChannel, topic)} `,
        }));
      }
      case 'emoji':
        return rankEmoji(emojiIndex(), token.query, recentEmoji).map(({ emoji, name }) => ({
          id: `emoji-${emoji.reaction_type}-${emoji.code}`,
          kind: 'emoji',
          label: `:${name}:`,
          emoji,
          insert: `${emojiSyntax(name)} `,
          picked: () => recordEmoji(name),
        }));
      case 'snippet':
        return rankSnippets(snippets ?? [], token.query).map((s) => ({
          id: `snippet-${s.id}`,
          kind: 'snippet',
          label: s.title,
          detail: s.content,
          insert: s.content,
        }));
    }
  }, [
    token,
    recentDms,
    queryClient,
    narrow,
    selfId,
    mentionIndex,
    channelIndex,
    topicChannel,
    topics.data,
    emojiIndex,
    recentEmoji,
    recordEmoji,
    snippets,
    subscriptions,
    mayMentionMany,
  ]);
}
