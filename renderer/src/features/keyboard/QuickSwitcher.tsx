import { useQueries } from '@tanstack/react-query';
import { viewTakesFocusOnOpen } from '../../app/view-takes-focus';
import { useHeldHighlight } from '../../components/held-highlight';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { callApi } from '../../api/call';
import { apiQueryKey } from '../../api/queries';
import { useBridge } from '../../app/bridge-context';
import { topicLabel, useEmptyTopicName, useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { useSubscriptions } from '../channels/hooks';
import { useSettingsScreen } from '../settings/screen-store';
import { useMutedUserIds } from '../users/muted-users';
import {
  prepareSwitcherItems,
  rankPreparedItems,
  type PreparedSwitcherItem,
  type SwitcherItem,
} from './switcher-rank';

/** Channels whose topics are fetched when the switcher opens (more would be a burst of requests). */
const TOPIC_CHANNELS = 20;

/**
 * Everything the switcher can open, prepared for matching: subscribed channels and their topics
 * (prepared again as topics arrive), and people (prepared once: there may be tens of thousands).
 * The alphabetical order only breaks ties within a kind, so each part is placed on its own.
 */
function useSwitcherItems(): PreparedSwitcherItem[] {
  const places = usePlaceItems();
  const people = usePeopleItems();
  return useMemo(() => [...places, ...people], [places, people]);
}

function usePeopleItems(): PreparedSwitcherItem[] {
  const users = useUsers();
  const selfId = useSelfId();
  // Someone muted is not offered to write to, as in the new direct message picker.
  const muted = useMutedUserIds();
  return useMemo(() => {
    const items: SwitcherItem[] = [];
    for (const u of users.values()) {
      if (u.is_active === false || u.user_id === selfId || u.is_bot || muted.has(u.user_id)) continue;
      items.push({
        kind: 'person',
        label: u.full_name,
        detail: u.email,
        narrow: { kind: 'dm', userIds: [u.user_id] },
        key: `p:${u.user_id}`,
      });
    }
    return prepareSwitcherItems(items);
  }, [users, selfId, muted]);
}

function usePlaceItems(): PreparedSwitcherItem[] {
  const bridge = useBridge();
  const channels = useSubscriptions();
  const unread = useInitialState((s) => s.unread_msgs);
  const emptyName = useEmptyTopicName();
  const open = channels.filter((c) => !c.is_archived).slice(0, TOPIC_CHANNELS);
  const topicQueries = useQueries({
    queries: open.map((c) => {
      const params = { stream_id: c.stream_id, allow_empty_topic_name: true };
      return {
        queryKey: apiQueryKey('getStreamTopics', params),
        queryFn: () => callApi(bridge, 'getStreamTopics', params),
        staleTime: 60_000,
      };
    }),
    combine: (results) => results.map((r) => r.data),
  });
  return useMemo(() => {
    const items: SwitcherItem[] = [];
    const names = new Map(channels.map((c) => [c.stream_id, c.name]));
    for (const c of channels)
      items.push({
        kind: 'channel',
        label: c.name,
        narrow: { kind: 'channel', streamId: c.stream_id },
        key: `c:${c.stream_id}`,
      });
    const topics = new Map<string, SwitcherItem>();
    const addTopic = (streamId: number, topic: string) => {
      const channelName = names.get(streamId);
      const key = `t:${streamId}:${topic.toLowerCase()}`;
      if (channelName === undefined || topics.has(key)) return;
      topics.set(key, {
        kind: 'topic',
        label: topicLabel(topic, emptyName),
        detail: `#${channelName}`,
        narrow: { kind: 'topic', streamId, topic },
        key,
      });
    };
    for (const e of unread?.streams ?? []) addTopic(e.stream_id, e.topic);
    open.forEach((c, i) => {
      for (const t of topicQueries[i]?.topics ?? []) addTopic(c.stream_id, t.name);
    });
    items.push(...topics.values());
    return prepareSwitcherItems(items);
    // `open` is derived from `channels`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channels, unread, emptyName, topicQueries]);
}

const KIND_LABEL: Record<SwitcherItem['kind'], string> = {
  channel: 'Channel',
  topic: 'Topic',
  person: 'Person',
};

const switcherKey = (item: SwitcherItem) => item.key;

/** Ctrl+K (Cmd+K): type to jump to a channel, a topic or a person; ↑↓ choose, Enter opens. */
export function QuickSwitcher() {
  const close = useDialogStore((s) => s.close);
  const items = useSwitcherItems();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => rankPreparedItems(items, query), [items, query]);
  // Topics arrive while it is open (a burst of messages): the match under Enter stays the one chosen.
  const highlight = useHeldHighlight(shown, switcherKey, 0);
  const current = highlight.current;
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current, shown]);

  const choose = (item: SwitcherItem | undefined) => {
    if (!item) return;
    viewTakesFocusOnOpen();
    useNarrowStore.getState().select(item.narrow);
    // Opened from the settings screen: the conversation is where the person is going, not behind it.
    useSettingsScreen.getState().close();
    close();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (shown.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      highlight.highlight((current + step + shown.length) % shown.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(shown[current]);
    }
  };

  return (
    <Dialog title="Jump to" onClose={close} testId="quick-switcher" atTop>
      <input
        type="search"
        className="switcher-input"
        placeholder="A channel, topic or person"
        aria-label="Jump to a channel, topic or person"
        data-testid="switcher-input"
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-activedescendant={shown[current] ? `${listId}-${current}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          highlight.reset();
        }}
        onKeyDown={onKeyDown}
      />
      {shown.length === 0 ? (
        <p className="muted" data-testid="switcher-empty">
          Nothing matches.
        </p>
      ) : (
        <ul
          ref={list}
          className="switcher-list"
          id={listId}
          role="listbox"
          aria-label="Matches"
          data-testid="switcher-list"
        >
          {shown.map((item, i) => (
            <li
              key={item.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'switcher-item active' : 'switcher-item'}
              data-testid={`switcher-item-${item.key}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
            >
              <span className="switcher-kind">{KIND_LABEL[item.kind]}</span>
              <span className="switcher-label">{item.label}</span>
              {item.detail && <span className="muted small">{item.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
