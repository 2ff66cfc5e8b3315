import {
  feedRootKey,
  findCachedMessage,
  getInitialState,
  type QueryCacheAccess,
  updateCachedMessages,
  updateInitialState,
  type FeedData,
} from '../../api/keys';
import { messageInNarrow, type Narrow } from '../../api/narrow';
import type { InitialState, Message } from '../../api/model';
import type { EventMap, EventReducer } from '../types';
import { removeStarred } from '../starred';
import { moveUnread, removeUnread, updateUnreadMention } from '../unread';
import { RESOLVED_PREFIX } from '../../features/channels/hooks';
import { recentOnMove } from './recent-conversations';
import { moveUserTopic } from './user-topic';
import { moveSources, refetchShownSources } from '../../features/message-actions/message-source';
import { recheckSearchMatches } from '../../features/search/highlights';

type UpdateMessageEvent = EventMap['update_message'];

/** The topic an `update_message` event moves its messages to, and whether it moves them at all. */
export function moveOf(event: UpdateMessageEvent): { newTopic: string | undefined; moved: boolean } {
  const newTopic = event.subject ?? (typeof event.topic === 'string' ? event.topic : undefined);
  const moved =
    (newTopic !== undefined && newTopic !== event.orig_subject) || event.new_stream_id !== undefined;
  return { newTopic, moved };
}

/**
 * Whether the event only resolves or unresolves a topic, which the real service does not count as a
 * move (no `last_moved_timestamp`, from level 365): the messages are not marked "(moved)".
 */
function onlyResolves(event: UpdateMessageEvent, newTopic: string | undefined): boolean {
  const from = event.orig_subject;
  if (event.new_stream_id !== undefined || newTopic === undefined || from === undefined) return false;
  return newTopic === RESOLVED_PREFIX + from || from === RESOLVED_PREFIX + newTopic;
}

/** The messages whose text, topic or channel an `update_message` event changes. */
export function changedIds(event: UpdateMessageEvent): Set<number> {
  const ids = new Set(moveOf(event).moved ? event.message_ids : []);
  if (event.rendered_content !== undefined && event.message_id !== undefined) ids.add(event.message_id);
  return ids;
}

/** A message without a search's highlighting, which described it before a change. */
function withoutMatch(m: Message): Message {
  if (m.match_content === undefined && m.match_subject === undefined) return { ...m };
  const { match_content: _content, match_subject: _subject, ...rest } = m;
  return rest;
}

/**
 * What an `update_message` event does to a message: its new content, topic or channel (and, in a
 * search, no highlighting of what it said before: see `recheckSearchMatches`).
 */
export function editedBy(event: UpdateMessageEvent): (m: Message) => Message {
  const ids = new Set(event.message_ids);
  const { newTopic, moved } = moveOf(event);
  const marksMove = !onlyResolves(event, newTopic);
  return (m) => {
    let next = m;
    if (m.id === event.message_id && event.rendered_content !== undefined) {
      next = { ...withoutMatch(next), content: event.rendered_content };
      // An edit can make a message a "/me" message, or stop it being one.
      if (event.is_me_message !== undefined) next.is_me_message = event.is_me_message;
      if (!event.rendering_only && event.edit_timestamp) next.last_edit_timestamp = event.edit_timestamp;
    }
    if (moved && ids.has(m.id)) {
      next = withoutMatch(next);
      if (newTopic !== undefined) next.subject = newTopic;
      if (event.new_stream_id !== undefined) next.stream_id = event.new_stream_id;
      if (event.edit_timestamp && marksMove) next.last_moved_timestamp = event.edit_timestamp;
    }
    return next;
  };
}

/** `update_message`: content edits and moves (topic and/or channel) of one or many messages. */
export const updateMessage: EventReducer<'update_message'> = ({ queryClient }, event) => {
  const ids = new Set(event.message_ids);
  const { newTopic, moved } = moveOf(event);

  // Before the messages lose their matches, which tell what the searches showed.
  recheckSearchMatches(queryClient, changedIds(event));
  updateCachedMessages(queryClient, editedBy(event));
  // Each edit or move adds a snapshot that the event does not carry: an open history fetches it.
  if (!event.rendering_only)
    void queryClient.invalidateQueries({
      queryKey: ['getMessageHistory'],
      predicate: ({ queryKey: [, params] }) => ids.has((params as { message_id?: number }).message_id ?? NaN),
    });
  // The text as typed is not in the event either: an open "View source" fetches it.
  if (event.rendered_content !== undefined && !event.rendering_only) refetchShownSources(queryClient, ids);
  // A content edit's event gives the edited message's flags as they now are: a mention typed in or
  // taken out changes whether it is an unread mention.
  const flags = event.flags;
  if (event.rendered_content !== undefined && !event.rendering_only && flags)
    updateInitialState(queryClient, (s) => updateUnreadMention(s, event.message_id, flags));

  if (!moved) return;
  moveSources(queryClient, ids, { topic: newTopic, streamId: event.new_stream_id });
  const before = getInitialState(queryClient);
  const selfId = before?.user_id;
  // Moved to a channel the person is not subscribed to, the messages are no longer theirs to read
  // (but for their own): the server dropped their copies, and the flags with them.
  const movedAway =
    event.new_stream_id !== undefined &&
    before?.subscriptions !== undefined &&
    !before.subscriptions.some((c) => c.stream_id === event.new_stream_id);
  // From a channel the person is not in to one they are: they gain copies, which All messages lists.
  const movedIn =
    event.new_stream_id !== undefined &&
    event.stream_id !== undefined &&
    before?.subscriptions !== undefined &&
    !movedAway &&
    !before.subscriptions.some((c) => c.stream_id === event.stream_id);
  recentOnMove(
    queryClient,
    ids,
    { streamId: event.new_stream_id, topic: newTopic },
    movedAway ? 'lost' : movedIn ? 'gained' : 'kept',
  );
  // Before the feeds drop the moved messages: the stars' owners are looked up in them.
  const targetStream = event.new_stream_id ?? event.stream_id;
  if (targetStream !== undefined) {
    updateInitialState(queryClient, (s) =>
      movedAway
        ? dropMovedAwayStars(queryClient, removeUnread(s, ids), ids)
        : moveUnread(s, [...ids], targetStream, newTopic ?? event.orig_subject ?? ''),
    );
  }
  // Moved messages leave the feeds they no longer belong to; destination feeds refetch. Feeds of
  // the person's own copies (All messages, Starred) lose those the move took away.
  const stays = (narrow: Narrow, m: Message) =>
    messageInNarrow(narrow, m, [], selfId) !== false &&
    !(movedAway && (narrow.kind === 'all' || narrow.kind === 'starred') && m.sender_id !== selfId);
  for (const [key, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedRootKey })) {
    const narrow = (key[1] as { narrow?: Narrow } | undefined)?.narrow;
    if (!data || !narrow || !Array.isArray(data.pages)) continue;
    let removed = false;
    const pages = data.pages.map((page) => {
      const messages = page.messages.filter((m) => !ids.has(m.id) || stays(narrow, m));
      if (messages.length !== page.messages.length) removed = true;
      return messages.length === page.messages.length ? page : { ...page, messages };
    });
    if (removed) queryClient.setQueryData<FeedData>(key, { ...data, pages });
    else if (destinationOf(narrow, event, newTopic) || (movedIn && narrow.kind === 'all'))
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }

  if (event.propagate_mode === 'change_all' && event.stream_id !== undefined && targetStream !== undefined) {
    const from = { streamId: event.stream_id, topic: event.orig_subject ?? '' };
    const to = { streamId: targetStream, topic: newTopic ?? event.orig_subject ?? '' };
    updateInitialState(queryClient, (s) =>
      s.user_topics ? { ...s, user_topics: moveUserTopic(s.user_topics, from, to) } : s,
    );
  }
  for (const streamId of new Set([event.stream_id, event.new_stream_id])) {
    if (streamId !== undefined)
      void queryClient.invalidateQueries({ queryKey: ['getStreamTopics', { stream_id: streamId }] });
  }
};

/**
 * Stars the server dropped with the copies of messages moved away from the person: all but those
 * of their own messages, which a sender keeps wherever they go (a message in no feed is taken as
 * someone else's, the usual case). Only starred ids are looked up, so a big move costs little.
 */
function dropMovedAwayStars(
  queryClient: QueryCacheAccess,
  state: InitialState,
  ids: ReadonlySet<number>,
): InitialState {
  const moved = (state.starred_messages ?? []).filter((id) => ids.has(id));
  if (moved.length === 0) return state;
  const ownerOf = (id: number) => findCachedMessage(queryClient, id)?.sender_id;
  return removeStarred(state, new Set(moved.filter((id) => ownerOf(id) !== state.user_id)));
}

function destinationOf(narrow: Narrow, event: UpdateMessageEvent, newTopic: string | undefined): boolean {
  const streamId = event.new_stream_id ?? event.stream_id;
  if (narrow.kind === 'channel') return narrow.streamId === streamId;
  if (narrow.kind === 'topic')
    return (
      narrow.streamId === streamId &&
      narrow.topic.toLowerCase() === (newTopic ?? event.orig_subject ?? '').toLowerCase()
    );
  return false;
}
