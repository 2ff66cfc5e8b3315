import { useEffect, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { InitialState, Subscription, User } from '../../api/model';
import { topicLabel, useEmptyTopicName, useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useTwentyFourHourTime } from '../../app/time-format';
import { useNowSeconds } from '../../app/use-now';
import { Avatar } from '../../components/Avatar';
import { ChannelIcon } from '../../components/icons';
import { resolveServerUrl } from '../../components/SafeHtml';
import { ErrorState, Loading } from '../../components/states';
import { VirtualList, type VirtualListHandle } from '../../components/VirtualList';
import { ListFilter } from '../../components/ListFilter';
import { keywordMatcher } from '../home/keyword-filter';
import { topicCountKey, unreadCounts } from '../../events/unread';
import { shownName, useMutedUserIds, withMutedPerson } from '../users/muted-users';
import { useNarrowStore } from '../../state/narrow';
import type { Narrow } from '../../api/narrow';
import { useChannelIndex } from '../channels/hooks';
import { dmLabel } from '../home/conversation-label';
import { HomeHeader } from '../home/HomeHeader';
import { topicHidden, topicPolicies } from '../inbox/inbox-model';
import { StillViewAllowance } from '../messages/page-fetch';
import { lastActiveLabel } from './last-active';
import { useRecentFilters } from './recent-filters';
import { filterConversations, recentConversations, type RecentConversation } from './recent-model';
import { useRecent, type OlderPages } from './useRecent';
import '../home/home.css';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

/** Avatars shown per row; more participants are summed up as "+N". */
const MAX_AVATARS = 4;
/**
 * Pages fetched by scrolling to the end while the last row stays the same: a filter that matches
 * nothing in the older pages must not walk the whole history (new conversations arriving live go
 * to the top and do not count). The button still loads more.
 */
const AUTO_PAGES_WITHOUT_GROWTH = 2;

type Row = { kind: 'conversation'; conversation: RecentConversation } | { kind: 'more' };

/**
 * Recent conversations: every conversation with recent activity, newest first, with its
 * participants, last activity and unread count; filters; paged back in time through GET /messages
 * and kept live by message events.
 */
export function RecentView() {
  const selfId = useSelfId();
  const { query, older } = useRecent();
  const filters = useRecentFilters();
  const unread = useInitialState((s) => s.unread_msgs);
  const userTopics = useInitialState((s) => s.user_topics);
  const subscriptions = useInitialState((s) => s.subscriptions);
  const channels = useChannelIndex();
  // "5 min ago" labels move on once a minute.
  const now = useNowSeconds(true, 60_000);

  const muted = useMutedUserIds();
  const users = useUsers();
  const conversations = useMemo(
    () =>
      recentConversations(query.data?.messages ?? [], selfId).filter(
        (c) => c.kind !== 'dm' || !withMutedPerson(c.userIds!, muted),
      ),
    [query.data, selfId, muted],
  );
  // Topic counts only for the channels of the conversations listed, not every unread topic.
  const counts = useMemo(
    () =>
      unreadCounts({ unread_msgs: unread, user_id: selfId } as InitialState, undefined, {
        topicsIn: new Set(conversations.flatMap((c) => (c.kind === 'topic' ? [c.streamId!] : []))),
      }),
    [unread, selfId, conversations],
  );
  const shown = useMemo(() => {
    const policies = topicPolicies(userTopics);
    const unreadOf = (c: RecentConversation) =>
      c.kind === 'dm'
        ? (counts.byDm.get(c.userIds!.join(',') || String(selfId)) ?? 0)
        : (counts.byTopic.get(topicCountKey(c.streamId!, c.topic!)) ?? 0);
    const isMuted = (c: RecentConversation) =>
      c.kind === 'topic' &&
      topicHidden(policies, Boolean(channels.get(c.streamId!)?.is_muted), c.streamId!, c.topic!);
    const subscribed = new Set(subscriptions?.map((s) => s.stream_id));
    const match = keywordMatcher(filters.query);
    const listed = filterConversations(conversations, filters, unreadOf, isMuted, (id) => subscribed.has(id));
    return (match ? listed.filter((c) => match(conversationText(c, channels, users, muted))) : listed).map(
      (c) => ({ conversation: c, unread: unreadOf(c) }),
    );
  }, [conversations, filters, counts, userTopics, channels, subscriptions, selfId, users, muted]);

  const rows: Row[] = useMemo(
    () => [
      ...shown.map(({ conversation }) => ({ kind: 'conversation' as const, conversation })),
      { kind: 'more' },
    ],
    [shown],
  );
  const unreadByKey = useMemo(() => new Map(shown.map((s) => [s.conversation.key, s.unread])), [shown]);
  const allowance = useRef(new StillViewAllowance(AUTO_PAGES_WITHOUT_GROWTH));
  const list = useRef<VirtualListHandle>(null);
  const first = shown[0]?.conversation;
  const select = useNarrowStore((s) => s.select);
  const lastRow = shown[shown.length - 1]?.conversation.newestId ?? -1;

  return (
    <section className="home-view" aria-label="Recent conversations" data-testid="recent-view">
      <HomeHeader title="Recent conversations">
        <RecentFilterButtons list={list} />
      </HomeHeader>
      <ListFilter
        value={filters.query}
        onChange={filters.setQuery}
        list={list}
        openFirst={first && (() => select(conversationNarrow(first)))}
        label="Filter"
        testId="recent-filter-text"
        className="home-filter"
      />
      {query.isPending ? (
        <Loading label="Loading recent conversations…" />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <VirtualList
          homeView
          handle={list}
          items={rows}
          label="Recent conversations"
          testId="recent-list"
          className="home-list"
          estimateSize={44}
          getKey={(row) => (row.kind === 'more' ? 'more' : row.conversation.key)}
          renderRow={(row) =>
            row.kind === 'more' ? (
              <MoreRow
                older={older}
                shownCount={shown.length}
                lastRow={lastRow}
                autoLoad={() => allowance.current.take(lastRow)}
              />
            ) : (
              <ConversationRow
                conversation={row.conversation}
                unread={unreadByKey.get(row.conversation.key) ?? 0}
                channel={channels.get(row.conversation.streamId ?? -1)}
                now={now}
                muted={muted}
              />
            )
          }
        />
      )}
    </section>
  );
}

/** What the Filter box matches a conversation against: its channel and topic, or its people. */
function conversationText(
  c: RecentConversation,
  channels: ReadonlyMap<number, Subscription>,
  users: ReadonlyMap<number, User>,
  muted: ReadonlySet<number>,
): string {
  return c.kind === 'dm'
    ? dmLabel(c.userIds!, users, muted)
    : `${channels.get(c.streamId!)?.name ?? ''} ${c.topic!}`;
}

function conversationNarrow(c: RecentConversation): Narrow {
  return c.kind === 'dm'
    ? { kind: 'dm', userIds: c.userIds! }
    : { kind: 'topic', streamId: c.streamId!, topic: c.topic! };
}

/** The filter buttons; ↓ or j goes on to the list, as from the Filter box. */
function RecentFilterButtons({ list }: { list: RefObject<VirtualListHandle | null> }) {
  const filters = useRecentFilters();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== 'ArrowDown' && e.key !== 'j')) return;
    e.preventDefault();
    list.current?.focusRow(0);
  };
  const button = (filter: 'participated' | 'unread' | 'includeMuted', label: string) => (
    <button
      type="button"
      className="btn btn-small filter-toggle"
      aria-pressed={filters[filter]}
      data-testid={`recent-filter-${filter}`}
      onClick={() => filters.toggle(filter)}
    >
      {label}
    </button>
  );
  return (
    <div className="home-filters" role="group" aria-label="Filters" onKeyDown={onKeyDown}>
      {button('participated', 'Participated')}
      {button('unread', 'Unread')}
      {button('includeMuted', 'Include muted')}
    </div>
  );
}

/**
 * The end of the list: loads older messages when it is rendered, i.e. near the view (bounded by
 * `autoLoad`), and offers a button for more.
 */
function MoreRow({
  older,
  shownCount,
  lastRow,
  autoLoad,
}: {
  older: OlderPages;
  shownCount: number;
  /** The newest message id of the last row: what "the list grew at the end" is measured by. */
  lastRow: number;
  autoLoad: () => boolean;
}) {
  const { hasOlder, loading, error, load } = older;
  useEffect(() => {
    if (hasOlder && !loading && !error && autoLoad()) load();
    // `autoLoad` is a new function each render; the last row is what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasOlder, loading, error, lastRow, load]);
  return (
    <div className="recent-more" data-testid="recent-more">
      {loading ? (
        <Loading label="Loading older conversations…" />
      ) : error ? (
        <ErrorState error={error} retry={load} />
      ) : hasOlder ? (
        <button type="button" className="btn btn-small" data-testid="recent-load-older" onClick={load}>
          Load older conversations
        </button>
      ) : (
        <span className="muted small" data-testid="recent-end">
          {shownCount === 0 ? 'No conversations match these filters.' : 'No older conversations.'}
        </span>
      )}
    </div>
  );
}

function ConversationRow({
  conversation: c,
  unread,
  channel,
  now,
  muted,
}: {
  conversation: RecentConversation;
  unread: number;
  channel: Subscription | undefined;
  now: number;
  muted: ReadonlySet<number>;
}) {
  const users = useUsers();
  const emptyName = useEmptyTopicName();
  const twentyFour = useTwentyFourHourTime();
  const partial = useOldUnreadsMissing();
  const select = useNarrowStore((s) => s.select);
  const testId =
    c.kind === 'dm' ? `recent-dm-${c.userIds!.join(',') || 'self'}` : `recent-topic-${c.streamId}-${c.topic}`;
  const open = () => select(conversationNarrow(c));
  const where =
    c.kind === 'dm'
      ? dmLabel(c.userIds!, users, muted)
      : `#${channel?.name ?? `Channel ${c.streamId}`} › ${topicLabel(c.topic!, emptyName)}`;
  return (
    <button type="button" className="row-main recent-row" data-testid={testId} onClick={open}>
      <span className="recent-where ellipsis" title={where}>
        {c.kind === 'dm' ? (
          where
        ) : (
          <>
            <span className="channel-dot" style={{ background: channel?.color ?? 'var(--accent)' }} />{' '}
            <ChannelIcon inviteOnly={channel?.invite_only} webPublic={channel?.is_web_public} />
            {channel?.name ?? `Channel ${c.streamId}`}
            <span className="muted"> › </span>
            <span className={c.topic === '' ? 'empty-topic' : undefined}>
              {topicLabel(c.topic!, emptyName)}
            </span>
          </>
        )}
      </span>
      <Participants ids={c.participants} users={users} muted={muted} testId={`${testId}-participants`} />
      <span className="recent-time muted small" title={new Date(c.timestamp * 1000).toLocaleString()}>
        {lastActiveLabel(c.timestamp, now, twentyFour)}
      </span>
      <span className="recent-unread">
        {unread > 0 && (
          <span className="unread-count" data-testid={`${testId}-unread`}>
            {unreadCountLabel(unread, partial)}
          </span>
        )}
      </span>
    </button>
  );
}

/** Who took part; someone muted as "Muted user" with no picture, as in the real service. */
function Participants({
  ids,
  users,
  muted,
  testId,
}: {
  ids: number[];
  users: Map<number, User>;
  muted: ReadonlySet<number>;
  testId: string;
}) {
  const names = ids.map((id) => shownName(id, users, muted));
  return (
    <span className="recent-participants" title={names.join(', ')} data-testid={testId}>
      {ids.slice(0, MAX_AVATARS).map((id, i) => {
        const u = muted.has(id) ? undefined : users.get(id);
        return (
          <Avatar
            key={id}
            name={names[i]!}
            url={u?.avatar_url ? resolveServerUrl(u.avatar_url) : null}
            size={22}
          />
        );
      })}
      {ids.length > MAX_AVATARS && <span className="muted small">+{ids.length - MAX_AVATARS}</span>}
    </span>
  );
}
