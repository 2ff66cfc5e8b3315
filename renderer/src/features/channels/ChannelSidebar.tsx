import { useMemo, useRef, useState } from 'react';
import type { Subscription, Topic } from '../../api/model';
import { useInitialState } from '../../app/session';
import { Empty, ErrorState, Loading } from '../../components/states';
import { ListFilter } from '../../components/ListFilter';
import { VirtualList, type VirtualListHandle } from '../../components/VirtualList';
import { channelTopicUnreadCounts, topicCountKey, unreadCounts } from '../../events/unread';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { narrowKey } from '../../api/narrow';
import { TopicRow } from '../topics/TopicRow';
import { useTopics } from '../topics/hooks';
import { useIsTopicHidden, useSubscriptions } from './hooks';
import { useChannelCreationRights } from './creation-rights';
import { ChannelIcon } from '../../components/icons';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

type Row =
  | { kind: 'channel'; channel: Subscription; unread: number; expanded: boolean }
  | { kind: 'topic'; streamId: number; topic: Topic; unread: number }
  | {
      kind: 'topics-state';
      streamId: number;
      state: 'loading' | 'empty' | 'error';
      error?: unknown;
      retry?: () => void;
    };

const NO_CHANNELS: ReadonlySet<number> = new Set();

/**
 * Left pane: subscribed channels with unread counts; the selected channel expands to its topics.
 * "Filter channels" (`q`) narrows the list to the channels whose name has the typed text.
 */
export function ChannelSidebar() {
  const allSubs = useSubscriptions();
  const [filter, setFilter] = useState('');
  const subs = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? allSubs.filter((c) => c.name.toLowerCase().includes(q)) : allSubs;
  }, [allSubs, filter]);
  const list = useRef<VirtualListHandle>(null);
  const firstMatch = subs[0];
  // Only the unread state: the whole register state changes with every event.
  const unreadMsgs = useInitialState((s) => s.unread_msgs);
  const unreadOf = useInitialState((s) => s.user_id);
  const partial = useOldUnreadsMissing();
  const isTopicHidden = useIsTopicHidden();
  const narrow = useNarrowStore((s) => s.narrow);
  const select = useNarrowStore((s) => s.select);
  const openDialog = useDialogStore((s) => s.open);
  const mayCreate = useChannelCreationRights().any;
  const expandedId =
    narrow && (narrow.kind === 'channel' || narrow.kind === 'topic') ? narrow.streamId : null;
  // Topic counts only for the channel whose topics are listed, apart: opening another channel
  // then counts its topics, not every unread conversation again.
  const counts = useMemo(
    () =>
      unreadCounts({ unread_msgs: unreadMsgs, user_id: unreadOf }, isTopicHidden, { topicsIn: NO_CHANNELS }),
    [unreadMsgs, unreadOf, isTopicHidden],
  );
  const topicCounts = useMemo(
    () => channelTopicUnreadCounts(unreadMsgs, expandedId),
    [unreadMsgs, expandedId],
  );
  const topics = useTopics(expandedId);

  const rows: Row[] = [];
  for (const channel of subs) {
    const expanded = channel.stream_id === expandedId;
    rows.push({ kind: 'channel', channel, unread: counts.byChannel.get(channel.stream_id) ?? 0, expanded });
    if (!expanded) continue;
    if (topics.isPending) rows.push({ kind: 'topics-state', streamId: channel.stream_id, state: 'loading' });
    else if (topics.isError)
      rows.push({
        kind: 'topics-state',
        streamId: channel.stream_id,
        state: 'error',
        error: topics.error,
        retry: () => void topics.refetch(),
      });
    else if (topics.data.topics.length === 0)
      rows.push({ kind: 'topics-state', streamId: channel.stream_id, state: 'empty' });
    else
      for (const topic of mutedLast(topics.data.topics, (t) => isTopicHidden(channel.stream_id, t.name)))
        rows.push({
          kind: 'topic',
          streamId: channel.stream_id,
          topic,
          unread: topicCounts.get(topicCountKey(channel.stream_id, topic.name)) ?? 0,
        });
  }
  // The conversation shown is brought into view in the list (opened from the Inbox, the switcher or
  // `n`, it may be far down): its topic once the topics are in, its channel until then.
  const shownTopic = narrow?.kind === 'topic' ? narrow.topic.toLowerCase() : null;
  const topicIndex =
    shownTopic === null
      ? -1
      : rows.findIndex((r) => r.kind === 'topic' && r.topic.name.toLowerCase() === shownTopic);
  const revealIndex =
    topicIndex >= 0
      ? topicIndex
      : rows.findIndex((r) => r.kind === 'channel' && r.channel.stream_id === expandedId);
  const reveal =
    narrow && revealIndex >= 0
      ? { key: `${narrowKey(narrow)}:${topicIndex >= 0 ? 'topic' : 'channel'}`, index: revealIndex }
      : null;

  return (
    <section className="sidebar-section channels-section" aria-label="Channels">
      <header className="sidebar-header">
        <h2>Channels</h2>
        <button
          type="button"
          className="btn btn-small"
          data-testid="browse-channels"
          onClick={() => openDialog({ kind: 'browse-channels' })}
        >
          Browse
        </button>
        {mayCreate && (
          <button
            type="button"
            className="btn btn-small"
            data-testid="create-channel"
            aria-label="Create channel"
            title="Create channel"
            onClick={() => openDialog({ kind: 'create-channel' })}
          >
            +
          </button>
        )}
      </header>
      {allSubs.length > 0 && (
        <ListFilter
          value={filter}
          onChange={setFilter}
          list={list}
          openFirst={firstMatch && (() => select({ kind: 'channel', streamId: firstMatch.stream_id }))}
          label="Filter channels"
          testId="channel-filter"
          className="sidebar-filter"
        />
      )}
      {allSubs.length === 0 ? (
        <Empty>You are not subscribed to any channel yet.</Empty>
      ) : subs.length === 0 ? (
        <Empty>No channels match.</Empty>
      ) : (
        <VirtualList
          items={rows}
          label="Subscribed channels"
          testId="channel-list"
          handle={list}
          reveal={reveal}
          estimateSize={(i) => (rows[i]?.kind === 'channel' ? 34 : 30)}
          getKey={(row) =>
            row.kind === 'channel'
              ? `c${row.channel.stream_id}`
              : row.kind === 'topic'
                ? `t${row.streamId}:${row.topic.name}`
                : `s${row.streamId}`
          }
          renderRow={(row) => {
            if (row.kind === 'topic')
              return (
                <TopicRow
                  streamId={row.streamId}
                  topic={row.topic.name}
                  maxId={row.topic.max_id}
                  unread={row.unread}
                />
              );
            if (row.kind === 'topics-state')
              return (
                <div className="topic-state">
                  {row.state === 'loading' && <Loading label="Loading topics…" />}
                  {row.state === 'empty' && <Empty>No topics yet.</Empty>}
                  {row.state === 'error' && <ErrorState error={row.error} retry={row.retry} />}
                </div>
              );
            const c = row.channel;
            const selected = narrow?.kind === 'channel' && narrow.streamId === c.stream_id;
            return (
              <div className={`channel-row${selected ? ' selected' : ''}${c.is_muted ? ' muted' : ''}`}>
                <button
                  type="button"
                  className="row-main"
                  data-testid={`channel-${c.name}`}
                  aria-expanded={row.expanded}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => select({ kind: 'channel', streamId: c.stream_id })}
                >
                  <span
                    className="channel-dot"
                    style={{ background: c.color ?? 'var(--accent)' }}
                    aria-hidden="true"
                  />
                  <span className="channel-name" title={c.name}>
                    <ChannelIcon inviteOnly={c.invite_only} webPublic={c.is_web_public} /> {c.name}
                  </span>
                  {c.is_archived && (
                    <span className="tag" data-testid={`archived-${c.name}`} title="Archived: read-only">
                      archived
                    </span>
                  )}
                  {row.unread > 0 && (
                    <span className="unread-count" data-testid={`channel-unread-${c.name}`}>
                      {unreadCountLabel(row.unread, partial)}
                    </span>
                  )}
                </button>
              </div>
            );
          }}
        />
      )}
    </section>
  );
}

/** The topics in their order (most recent first), the muted ones moved to the end, as in the real service. */
function mutedLast(topics: readonly Topic[], isMuted: (topic: Topic) => boolean): Topic[] {
  const shown: Topic[] = [];
  const muted: Topic[] = [];
  for (const topic of topics) (isMuted(topic) ? muted : shown).push(topic);
  return muted.length === 0 ? (topics as Topic[]) : [...shown, ...muted];
}
