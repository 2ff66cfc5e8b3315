import { useMemo, useRef } from 'react';
import { topicLabel, useEmptyTopicName, useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { ChannelIcon } from '../../components/icons';
import { Empty } from '../../components/states';
import { VirtualList, type VirtualListHandle } from '../../components/VirtualList';
import { ListFilter } from '../../components/ListFilter';
import { useNarrowStore } from '../../state/narrow';
import type { Narrow } from '../../api/narrow';
import { useChannelIndex, useSubscriptions } from '../channels/hooks';
import { dmLabel } from '../home/conversation-label';
import { useMutedUserIds } from '../users/muted-users';
import { HomeHeader } from '../home/HomeHeader';
import { keywordMatcher } from '../home/keyword-filter';
import {
  inboxRows,
  inboxUnreadTotal,
  type InboxConversation,
  type InboxRow,
  type InboxTopicStatus,
} from './inbox-model';
import { useInboxStore } from './inbox-store';
import '../home/home.css';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

/**
 * Inbox: every conversation with unread messages, direct messages first, then by channel in the
 * sidebar's order. Live: it is computed from the register state's unread data, which the event
 * reducers keep current. A row opens its conversation at the first unread message.
 */
export function InboxView() {
  const unread = useInitialState((s) => s.unread_msgs);
  const userTopics = useInitialState((s) => s.user_topics);
  const selfId = useSelfId();
  const channels = useSubscriptions();
  const collapsed = useInboxStore((s) => s.collapsed);
  const query = useInboxStore((s) => s.query);
  const setQuery = useInboxStore((s) => s.setQuery);
  const topicStatus = useInboxStore((s) => s.topicStatus);
  const setTopicStatus = useInboxStore((s) => s.setTopicStatus);
  const channelIndex = useChannelIndex();
  const users = useUsers();
  const muted = useMutedUserIds();
  const matches = useMemo(() => {
    const match = keywordMatcher(query);
    if (!match) return null;
    return (c: InboxConversation) =>
      match(
        c.kind === 'dm'
          ? dmLabel(c.userIds, users, muted)
          : `${channelIndex.get(c.streamId)?.name ?? ''} ${c.topic}`,
      );
  }, [query, channelIndex, users, muted]);
  const rows = useMemo(
    () => inboxRows({ unread, selfId, channels, userTopics, collapsed, matches, topicStatus }),
    [unread, selfId, channels, userTopics, collapsed, matches, topicStatus],
  );
  // All of the Inbox, whatever the filter shows: the same count as the sidebar's.
  const total = useMemo(
    () => inboxUnreadTotal({ unread, selfId, channels, userTopics }),
    [unread, selfId, channels, userTopics],
  );
  const partial = useOldUnreadsMissing();
  const select = useNarrowStore((s) => s.select);
  const list = useRef<VirtualListHandle>(null);
  const first = rows.find((r) => r.kind !== 'group');

  return (
    <section className="home-view" aria-label="Inbox" data-testid="inbox-view">
      <HomeHeader title="Inbox">
        {total > 0 && (
          <span className="muted small" data-testid="inbox-total">
            {unreadCountLabel(total, partial)} unread
          </span>
        )}
      </HomeHeader>
      <div className="home-toolbar">
        <select
          aria-label="Topics listed"
          data-testid="inbox-topic-status"
          value={topicStatus}
          onChange={(e) => setTopicStatus(e.target.value as InboxTopicStatus)}
        >
          <option value="all">All topics</option>
          <option value="unmuted">Unmuted topics</option>
          <option value="followed">Followed topics</option>
        </select>
        <ListFilter
          value={query}
          onChange={setQuery}
          list={list}
          openFirst={first && (() => select(conversationNarrow(first)))}
          label="Filter"
          testId="inbox-filter"
          className="home-filter"
        />
      </div>
      {rows.length === 0 ? (
        <Empty>
          {total > 0 || query !== '' ? (
            <span data-testid="inbox-no-match">No conversations match your filter.</span>
          ) : (
            <span data-testid="inbox-empty">There are no unread messages in your inbox.</span>
          )}
        </Empty>
      ) : (
        <VirtualList
          homeView
          handle={list}
          items={rows}
          label="Conversations with unread messages"
          testId="inbox-list"
          className="home-list"
          estimateSize={(i) => (rows[i]?.kind === 'group' ? 38 : 34)}
          getKey={rowKey}
          renderRow={(row) => <InboxRowView row={row} muted={muted} />}
        />
      )}
    </section>
  );
}

function conversationNarrow(c: InboxConversation): Narrow {
  return c.kind === 'dm'
    ? { kind: 'dm', userIds: c.userIds }
    : { kind: 'topic', streamId: c.streamId, topic: c.topic };
}

function rowKey(row: InboxRow): string {
  if (row.kind === 'group') return `g:${row.group}`;
  if (row.kind === 'dm') return `d:${row.userIds.join(',')}`;
  return `t:${row.streamId}:${row.topic.toLowerCase()}`;
}

function InboxRowView({ row, muted }: { row: InboxRow; muted: ReadonlySet<number> }) {
  if (row.kind === 'group') return <GroupHeader row={row} />;
  if (row.kind === 'dm') return <DmRow row={row} muted={muted} />;
  return <TopicRow row={row} />;
}

function Counts({ unread, mention, testId }: { unread: number; mention: boolean; testId: string }) {
  const partial = useOldUnreadsMissing();
  return (
    <>
      {mention && (
        <span className="mention-marker" title="You were mentioned" data-testid={`${testId}-mention`}>
          @
        </span>
      )}
      <span className="unread-count" data-testid={`${testId}-unread`}>
        {unreadCountLabel(unread, partial)}
      </span>
    </>
  );
}

function GroupHeader({ row }: { row: Extract<InboxRow, { kind: 'group' }> }) {
  const toggle = useInboxStore((s) => s.toggle);
  const channel = useChannelIndex().get(row.streamId ?? -1);
  const testId = row.group === 'dm' ? 'inbox-group-dm' : `inbox-group-${channel?.name ?? row.streamId}`;
  return (
    <button
      type="button"
      className="row-main inbox-group"
      data-testid={testId}
      aria-expanded={!row.collapsed}
      onClick={() => toggle(row.group)}
    >
      <span className="collapse-mark" aria-hidden="true">
        {row.collapsed ? '▸' : '▾'}
      </span>
      {row.group === 'dm' ? (
        <span className="ellipsis">Direct messages</span>
      ) : (
        <>
          <span className="channel-dot" style={{ background: channel?.color ?? 'var(--accent)' }} />
          <span className="ellipsis" title={channel?.name}>
            <ChannelIcon inviteOnly={channel?.invite_only} webPublic={channel?.is_web_public} />{' '}
            {channel?.name ?? `Channel ${row.streamId}`}
          </span>
        </>
      )}
      <Counts unread={row.unread} mention={row.mention} testId={testId} />
    </button>
  );
}

function DmRow({ row, muted }: { row: Extract<InboxRow, { kind: 'dm' }>; muted: ReadonlySet<number> }) {
  const users = useUsers();
  const select = useNarrowStore((s) => s.select);
  const key = row.userIds.join(',') || 'self';
  const testId = `inbox-dm-${key}`;
  return (
    <button
      type="button"
      className="row-main inbox-row"
      data-testid={testId}
      onClick={() => select({ kind: 'dm', userIds: row.userIds })}
    >
      <span className="ellipsis" title={dmLabel(row.userIds, users, muted)}>
        {dmLabel(row.userIds, users, muted)}
      </span>
      <Counts unread={row.unread} mention={row.mention} testId={testId} />
    </button>
  );
}

function TopicRow({ row }: { row: Extract<InboxRow, { kind: 'topic' }> }) {
  const emptyName = useEmptyTopicName();
  const select = useNarrowStore((s) => s.select);
  const testId = `inbox-topic-${row.streamId}-${row.topic}`;
  return (
    <button
      type="button"
      className={`row-main inbox-row${row.muted ? ' muted' : ''}`}
      data-testid={testId}
      onClick={() => select({ kind: 'topic', streamId: row.streamId, topic: row.topic })}
    >
      <span
        className={`ellipsis${row.topic === '' ? ' empty-topic' : ''}`}
        title={topicLabel(row.topic, emptyName)}
      >
        {topicLabel(row.topic, emptyName)}
      </span>
      <Counts unread={row.unread} mention={row.mention} testId={testId} />
    </button>
  );
}
