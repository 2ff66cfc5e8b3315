// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeEvent } from '../../../shared/api/events';
import { feedKey, getInitialState, sessionKey, type FeedData } from '../../../renderer/src/api/keys';
import type { Message } from '../../../renderer/src/api/model';
import type { Narrow } from '../../../renderer/src/api/narrow';
import { applyEvents } from '../../../renderer/src/events/apply';
import { apiQueryKey } from '../../../renderer/src/api/queries';
import { shownSourceKey } from '../../../renderer/src/features/message-actions/message-source';
import { recentDmsKey } from '../../../renderer/src/events/reducers/dm-conversations';
import { topicCountKey, unreadCounts } from '../../../renderer/src/events/unread';
import { useTypingStore } from '../../../renderer/src/state/typing';
import { baseState, channelMessage, decoded, dmMessage, OTHER, SELF, THIRD } from './fixtures';

let qc: QueryClient;
let eventId = 0;
const ev = (type: string, fields: Record<string, unknown>) =>
  decoded([{ id: ++eventId, type, ...fields }])[0]!;

function seedFeed(narrow: Narrow, messages: Message[], foundNewest = true) {
  const data: FeedData = {
    pages: [
      {
        result: 'success',
        msg: '',
        messages,
        found_oldest: true,
        found_newest: foundNewest,
        anchor: messages[0]?.id,
      },
    ],
    pageParams: [{ anchor: 'first_unread', before: 50, after: 50, includeAnchor: true }],
  };
  qc.setQueryData(feedKey(narrow), data);
}
const feed = (narrow: Narrow) =>
  qc.getQueryData<FeedData>(feedKey(narrow))?.pages.flatMap((p) => p.messages) ?? [];
const state = () => getInitialState(qc)!;

beforeEach(() => {
  qc = new QueryClient();
  qc.setQueryData(sessionKey, { accountId: 'a', generation: 1, initialState: baseState() });
  useTypingStore.getState().reset();
});

describe('message', () => {
  it('appends to matching feeds that reached the newest message, and counts it unread', () => {
    const topic: Narrow = { kind: 'topic', streamId: 1, topic: 'greetings' };
    const other: Narrow = { kind: 'topic', streamId: 1, topic: 'elsewhere' };
    const notNewest: Narrow = { kind: 'channel', streamId: 1 };
    const search: Narrow = { kind: 'search', query: 'hello' };
    seedFeed(search, []);
    seedFeed(topic, []);
    seedFeed(other, []);
    seedFeed(notNewest, [], false);
    const m = channelMessage();
    applyEvents(qc, [ev('message', { message: m, flags: [] })]);
    expect(feed(topic).map((x) => x.id)).toEqual([m.id]);
    expect(feed(other)).toEqual([]);
    expect(feed(notNewest)).toEqual([]);
    // Only the server can tell whether it matches a search: appended, checked by the feed.
    expect(feed(search).map((x) => x.id)).toEqual([m.id]);
    const counts = unreadCounts(state());
    expect(counts.byChannel.get(1)).toBe(1);
    expect(counts.byTopic.get(topicCountKey(1, 'greetings'))).toBe(1);
  });

  it('leaves out of a search the new messages a filter of it rules out by the message alone, as Mentions', () => {
    const mentions: Narrow = { kind: 'search', query: 'is:mentioned' };
    const fromOther: Narrow = { kind: 'search', query: `sender:${OTHER} lunch` };
    const inTopic: Narrow = { kind: 'search', query: 'topic:Greetings lunch' };
    const words: Narrow = { kind: 'search', query: 'lunch -is:mentioned' };
    for (const narrow of [mentions, fromOther, inTopic, words]) seedFeed(narrow, []);
    const plain = channelMessage({ sender_id: THIRD, subject: 'elsewhere' });
    const mention = channelMessage({ sender_id: OTHER, subject: 'greetings' });
    applyEvents(qc, [
      ev('message', { message: plain, flags: [] }),
      ev('message', { message: mention, flags: ['stream_wildcard_mentioned'] }),
    ]);
    expect(feed(mentions).map((x) => x.id)).toEqual([mention.id]);
    expect(feed(fromOther).map((x) => x.id)).toEqual([mention.id]);
    expect(feed(inTopic).map((x) => x.id)).toEqual([mention.id]);
    // Words and negated filters only the server answers: both go to be checked.
    expect(feed(words).map((x) => x.id)).toEqual([plain.id, mention.id]);
  });

  it('keeps an unread mention among the unread mentions, live, and drops it when read or marked unread again', () => {
    const mention = channelMessage({ id: 501 });
    const plain = channelMessage({ id: 502 });
    applyEvents(qc, [
      ev('message', { message: mention, flags: ['mentioned'] }),
      ev('message', { message: plain, flags: [] }),
    ]);
    expect(state().unread_msgs!.mentions).toEqual([501]);
    applyEvents(qc, [ev('update_message_flags', { op: 'add', flag: 'read', messages: [501], all: false })]);
    expect(state().unread_msgs!.mentions).toEqual([]);
    // Marked unread again elsewhere: the event's details say it mentions the user.
    applyEvents(qc, [
      ev('update_message_flags', {
        op: 'remove',
        flag: 'read',
        messages: [501],
        all: false,
        message_details: { '501': { type: 'stream', stream_id: 1, topic: 'greetings', mentioned: true } },
      }),
    ]);
    expect(state().unread_msgs!.mentions).toEqual([501]);
  });

  it('keeps a wildcard mention in a muted topic out of the unread mentions, as the server does; a direct one in', () => {
    const muted = { stream_id: 1, topic_name: 'Greetings', visibility_policy: 1, last_updated: 0 };
    qc.setQueryData(sessionKey, {
      accountId: 'a',
      generation: 1,
      initialState: { ...baseState(), user_topics: [muted] },
    });
    applyEvents(qc, [
      ev('message', {
        message: channelMessage({ id: 601 }),
        flags: ['stream_wildcard_mentioned', 'wildcard_mentioned'],
      }),
      ev('message', { message: channelMessage({ id: 602 }), flags: ['mentioned'] }),
      ev('message', {
        message: channelMessage({ id: 603, subject: 'lunch' }),
        flags: ['wildcard_mentioned'],
      }),
    ]);
    expect(state().unread_msgs!.mentions).toEqual([602, 603]);
  });

  it('does not count a message already read (own messages) and updates recent DMs', () => {
    const m = dmMessage([SELF, OTHER], { sender_id: SELF });
    applyEvents(qc, [ev('message', { message: m, flags: ['read'] })]);
    expect(unreadCounts(state()).total).toBe(0);
    expect(state().recent_private_conversations).toEqual([{ max_message_id: m.id, user_ids: [OTHER] }]);
  });

  it('counts group DMs under the other participants', () => {
    const m = dmMessage([SELF, OTHER, THIRD]);
    applyEvents(qc, [ev('message', { message: m, flags: [] })]);
    expect(unreadCounts(state()).byDm.get(`${OTHER},${THIRD}`)).toBe(1);
  });
});

describe('delete_message', () => {
  it('drops the messages from feeds and unread counts, and has the channel’s topics asked again', () => {
    const a = channelMessage({ subject: 'old plans' });
    const b = channelMessage({ subject: 'old plans' });
    const narrow: Narrow = { kind: 'topic', streamId: 1, topic: 'old plans' };
    seedFeed(narrow, [a, b]);
    applyEvents(qc, [ev('message', { message: { ...a }, flags: [] })]); // a is unread
    const topicsKey = ['getStreamTopics', { stream_id: 1, allow_empty_topic_name: true }];
    const otherTopicsKey = ['getStreamTopics', { stream_id: 2, allow_empty_topic_name: true }];
    qc.setQueryData(topicsKey, { topics: [{ name: 'old plans', max_id: b.id }] });
    qc.setQueryData(otherTopicsKey, { topics: [] });
    applyEvents(qc, [
      ev('delete_message', {
        message_ids: [a.id, b.id],
        message_type: 'stream',
        stream_id: 1,
        topic: 'old plans',
      }),
    ]);
    expect(feed(narrow)).toEqual([]);
    expect(unreadCounts(state()).byTopic.get(topicCountKey(1, 'old plans'))).toBeUndefined();
    expect(qc.getQueryState(topicsKey)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(otherTopicsKey)?.isInvalidated).toBe(false);
  });
  it('drops a deleted starred message from the starred ids, so the Starred count falls', () => {
    const starred = channelMessage({ flags: ['starred'] });
    const other = channelMessage({});
    applyEvents(qc, [
      ev('update_message_flags', { op: 'add', flag: 'starred', messages: [starred.id, other.id] }),
      ev('delete_message', { message_ids: [starred.id], message_type: 'stream', stream_id: 1, topic: 't' }),
    ]);
    expect(state().starred_messages).toEqual([other.id]);
  });

  describe('the direct-message list', () => {
    const deleteDms = (...ids: number[]) =>
      applyEvents(qc, [ev('delete_message', { message_ids: ids, message_type: 'private' })]);
    const recents = () => state().recent_private_conversations;
    const recentDms = (messages: Message[]) => qc.setQueryData(recentDmsKey, { messages });
    const listed = (list: { max_message_id: number; user_ids: number[] }[]) =>
      qc.setQueryData(sessionKey, {
        accountId: 'a',
        generation: 1,
        initialState: { ...baseState(), recent_private_conversations: list },
      });

    it('moves a conversation whose newest message went to its newest remaining one', () => {
      const older = dmMessage([SELF, OTHER]);
      const other = dmMessage([SELF, THIRD]);
      const newest = dmMessage([SELF, OTHER]);
      recentDms([older, other, newest]);
      listed([
        { max_message_id: newest.id, user_ids: [OTHER] },
        { max_message_id: other.id, user_ids: [THIRD] },
      ]);
      deleteDms(newest.id);
      expect(recents()).toEqual([
        { max_message_id: older.id, user_ids: [OTHER] },
        { max_message_id: other.id, user_ids: [THIRD] },
      ]);
      // The newest direct messages the list is completed from lose it too.
      expect(qc.getQueryData<{ messages: Message[] }>(recentDmsKey)?.messages.map((m) => m.id)).toEqual([
        older.id,
        other.id,
      ]);
      expect(qc.getQueryState(recentDmsKey)?.isInvalidated).toBe(false);
    });

    it('finds the newest remaining message in an open conversation too', () => {
      const older = dmMessage([SELF, OTHER]);
      const newest = dmMessage([SELF, OTHER]);
      seedFeed({ kind: 'dm', userIds: [OTHER] }, [older, newest]);
      listed([{ max_message_id: newest.id, user_ids: [OTHER] }]);
      deleteDms(newest.id);
      expect(recents()).toEqual([{ max_message_id: older.id, user_ids: [OTHER] }]);
    });

    it('drops a conversation with nothing left that it knows of, and asks for the newest direct messages again', () => {
      const only = dmMessage([SELF, THIRD]);
      const kept = dmMessage([SELF, OTHER]);
      recentDms([kept, only]);
      listed([
        { max_message_id: only.id, user_ids: [THIRD] },
        { max_message_id: kept.id, user_ids: [OTHER] },
      ]);
      deleteDms(only.id);
      expect(recents()).toEqual([{ max_message_id: kept.id, user_ids: [OTHER] }]);
      expect(qc.getQueryState(recentDmsKey)?.isInvalidated).toBe(true);
    });

    it('leaves the list alone when an older message goes', () => {
      const older = dmMessage([SELF, OTHER]);
      const newest = dmMessage([SELF, OTHER]);
      const list = [{ max_message_id: newest.id, user_ids: [OTHER] }];
      listed(list);
      deleteDms(older.id);
      expect(recents()).toBe(list);
    });
  });
});

describe('update_message', () => {
  it('has an open "View source" fetched again after a content edit, not the text an edit dialog started from', () => {
    const m = channelMessage();
    for (const key of [shownSourceKey(m.id), ['message-source', { message_id: m.id }]])
      qc.setQueryData(key, { ...m, content: 'version one' });
    applyEvents(qc, [
      ev('update_message', {
        message_id: m.id,
        message_ids: [m.id],
        rendered_content: '<p>version two</p>',
        edit_timestamp: 5,
      }),
    ]);
    expect(qc.getQueryState(shownSourceKey(m.id))?.isInvalidated).toBe(true);
    // The edit dialog names the text it replaces (prev_content_sha256): a conflict stays one.
    expect(qc.getQueryState(['message-source', { message_id: m.id }])?.isInvalidated).toBe(false);
  });

  it('has an open edit history fetched again: the edit or move added a snapshot', () => {
    const edited = channelMessage();
    const moved = channelMessage();
    const other = channelMessage();
    const historyKey = (id: number) =>
      apiQueryKey('getMessageHistory', { message_id: id, allow_empty_topic_name: true });
    for (const m of [edited, moved, other])
      qc.setQueryData(historyKey(m.id), { result: 'success', msg: '', message_history: [] });
    applyEvents(qc, [
      ev('update_message', {
        message_id: edited.id,
        message_ids: [edited.id],
        rendered_content: '<p>version three</p>',
        edit_timestamp: 5,
      }),
      ev('update_message', {
        message_id: moved.id,
        message_ids: [moved.id],
        stream_id: 1,
        orig_subject: 'old',
        subject: 'new',
        propagate_mode: 'change_one',
        edit_timestamp: 6,
      }),
    ]);
    const stale = (id: number) => qc.getQueryState(historyKey(id))?.isInvalidated;
    expect([stale(edited.id), stale(moved.id), stale(other.id)]).toEqual([true, true, false]);
  });

  it('replaces rendered content and marks the message edited', () => {
    const m = channelMessage();
    seedFeed({ kind: 'all' }, [m]);
    applyEvents(qc, [
      ev('update_message', {
        message_id: m.id,
        message_ids: [m.id],
        rendered_content: '<p>new</p>',
        edit_timestamp: 5,
      }),
    ]);
    expect(feed({ kind: 'all' })[0]).toMatchObject({ content: '<p>new</p>', last_edit_timestamp: 5 });
  });

  it('moves messages out of the old topic feed and moves their unread ids', () => {
    const a = channelMessage({ subject: 'old' });
    const b = channelMessage({ subject: 'old' });
    const narrow: Narrow = { kind: 'topic', streamId: 1, topic: 'old' };
    seedFeed(narrow, [a, b]);
    applyEvents(qc, [ev('message', { message: { ...a }, flags: [] })]); // a is unread
    applyEvents(qc, [
      ev('update_message', {
        message_id: a.id,
        message_ids: [a.id],
        stream_id: 1,
        orig_subject: 'old',
        subject: 'new',
        propagate_mode: 'change_one',
      }),
    ]);
    expect(feed(narrow).map((m) => m.id)).toEqual([b.id]);
    const counts = unreadCounts(state());
    expect(counts.byTopic.get(topicCountKey(1, 'new'))).toBe(1);
    expect(counts.byTopic.get(topicCountKey(1, 'old'))).toBeUndefined();
  });

  it('an unread mention moved to another topic stays a mention', () => {
    const a = channelMessage({ subject: 'old' });
    applyEvents(qc, [ev('message', { message: { ...a }, flags: ['mentioned'] })]);
    expect(state().unread_msgs?.mentions).toEqual([a.id]);
    applyEvents(qc, [
      ev('update_message', {
        message_id: a.id,
        message_ids: [a.id],
        stream_id: 1,
        orig_subject: 'old',
        subject: 'new',
        propagate_mode: 'change_all',
      }),
    ]);
    expect(state().unread_msgs?.mentions).toEqual([a.id]);
  });

  it('messages moved to a channel the person is not subscribed to are no longer unread for them', () => {
    const a = channelMessage({ subject: 'old' });
    applyEvents(qc, [ev('message', { message: { ...a }, flags: ['mentioned'] })]);
    applyEvents(qc, [
      ev('update_message', {
        message_id: a.id,
        message_ids: [a.id],
        stream_id: 1,
        new_stream_id: 99,
        orig_subject: 'old',
        propagate_mode: 'change_all',
        flags: ['read'],
      }),
    ]);
    expect(unreadCounts(state()).total).toBe(0);
    expect(state().unread_msgs?.mentions).toEqual([]);
  });

  it('an edit that types a mention in, or takes it out, of an unread message changes whether it is an unread mention', () => {
    const a = channelMessage();
    const read = channelMessage();
    applyEvents(qc, [ev('message', { message: { ...a }, flags: [] })]);
    const edit = (id: number, flags: string[]) =>
      applyEvents(qc, [
        ev('update_message', {
          message_id: id,
          message_ids: [id],
          rendered_content: '<p>edited</p>',
          edit_timestamp: 5,
          flags,
        }),
      ]);
    edit(a.id, ['mentioned']);
    expect(state().unread_msgs?.mentions).toEqual([a.id]);
    edit(a.id, []);
    expect(state().unread_msgs?.mentions).toEqual([]);
    // A message already read does not become an unread mention.
    edit(read.id, ['read', 'mentioned']);
    expect(state().unread_msgs?.mentions).toEqual([]);
  });
});

describe('reaction', () => {
  it('adds once and removes only that user’s reaction', () => {
    const m = channelMessage();
    seedFeed({ kind: 'all' }, [m]);
    const r = {
      message_id: m.id,
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
    };
    applyEvents(qc, [
      ev('reaction', { op: 'add', user_id: OTHER, ...r }),
      ev('reaction', { op: 'add', user_id: OTHER, ...r }),
      ev('reaction', { op: 'add', user_id: THIRD, ...r }),
      ev('reaction', { op: 'remove', user_id: OTHER, ...r }),
    ]);
    expect(feed({ kind: 'all' })[0]!.reactions?.map((x) => x.user_id)).toEqual([THIRD]);
  });
});

describe('update_message_flags', () => {
  it('read add removes unread ids and sets the flag on cached messages', () => {
    const m = channelMessage();
    seedFeed({ kind: 'all' }, [m]);
    applyEvents(qc, [ev('message', { message: m, flags: [] })]);
    expect(unreadCounts(state()).total).toBe(1);
    applyEvents(qc, [ev('update_message_flags', { op: 'add', flag: 'read', messages: [m.id], all: false })]);
    expect(unreadCounts(state()).total).toBe(0);
    expect(feed({ kind: 'all' })[0]!.flags).toContain('read');
  });

  it('read remove restores unread from message_details', () => {
    applyEvents(qc, [
      ev('update_message_flags', {
        op: 'remove',
        flag: 'read',
        messages: [500],
        message_details: { '500': { type: 'stream', stream_id: 2, topic: 't' } },
      }),
    ]);
    expect(unreadCounts(state()).byChannel.get(2)).toBe(1);
  });

  it('starred keeps starred_messages and the starred feed current', () => {
    const m = channelMessage({ flags: ['starred'] });
    seedFeed({ kind: 'starred' }, [m]);
    applyEvents(qc, [ev('update_message_flags', { op: 'remove', flag: 'starred', messages: [m.id] })]);
    expect(feed({ kind: 'starred' })).toEqual([]);
    applyEvents(qc, [ev('update_message_flags', { op: 'add', flag: 'starred', messages: [7] })]);
    expect(state().starred_messages).toEqual([7]);
  });
});

describe('typing', () => {
  it('start shows the typist until stop; the expiry comes from register', () => {
    const start = ev('typing', {
      op: 'start',
      message_type: 'stream',
      stream_id: 1,
      topic: 'Greetings',
      sender: { user_id: OTHER },
    });
    applyEvents(qc, [start], 1000);
    const list = useTypingStore.getState().typists['topic:1:greetings'];
    expect(list).toEqual([{ userId: OTHER, expiresAt: 16000 }]);
    useTypingStore.getState().expire(15999);
    expect(useTypingStore.getState().typists['topic:1:greetings']).toHaveLength(1);
    useTypingStore.getState().expire(16000);
    expect(useTypingStore.getState().typists['topic:1:greetings']).toBeUndefined();

    applyEvents(qc, [start], 20000);
    applyEvents(qc, [
      ev('typing', {
        op: 'stop',
        message_type: 'stream',
        stream_id: 1,
        topic: 'greetings',
        sender: { user_id: OTHER },
      }),
    ]);
    expect(useTypingStore.getState().typists['topic:1:greetings']).toEqual([]);
  });

  it('applies a batch’s typing changes to the store once, at the end of the batch', () => {
    const typing = (op: string, userId: number) =>
      ev('typing', {
        op,
        message_type: 'stream',
        stream_id: 1,
        topic: 'greetings',
        sender: { user_id: userId },
      });
    const seen: unknown[] = [];
    const unsubscribe = useTypingStore.subscribe((s) => seen.push(s.typists['topic:1:greetings']));
    applyEvents(qc, [typing('start', OTHER), typing('start', THIRD), typing('stop', OTHER)], 1000);
    unsubscribe();
    expect(seen).toEqual([[{ userId: THIRD, expiresAt: 16000 }]]);
  });

  it('keys DMs by the other participants and ignores the user’s own typing', () => {
    applyEvents(qc, [
      ev('typing', {
        op: 'start',
        message_type: 'direct',
        sender: { user_id: OTHER },
        recipients: [{ user_id: SELF }, { user_id: OTHER }],
      }),
      ev('typing', {
        op: 'start',
        message_type: 'direct',
        sender: { user_id: SELF },
        recipients: [{ user_id: SELF }, { user_id: THIRD }],
      }),
    ]);
    expect(Object.keys(useTypingStore.getState().typists)).toEqual([`dm:${OTHER}`]);
  });
});

describe('subscription, stream, user_topic, realm_user, user_group, settings', () => {
  it('subscription add, update and remove', () => {
    applyEvents(qc, [
      ev('subscription', { op: 'add', subscriptions: [{ stream_id: 3, name: 'new', color: '#fff' }] }),
    ]);
    expect(state().subscriptions!.map((s) => s.stream_id)).toEqual([1, 2, 3]);
    applyEvents(qc, [ev('subscription', { op: 'update', stream_id: 3, property: 'is_muted', value: true })]);
    expect(state().subscriptions!.find((s) => s.stream_id === 3)).toMatchObject({
      is_muted: true,
      in_home_view: false,
    });
    applyEvents(qc, [ev('subscription', { op: 'remove', subscriptions: [{ stream_id: 3 }] })]);
    expect(state().subscriptions!.map((s) => s.stream_id)).toEqual([1, 2]);
    expect(state().unsubscribed!.map((s) => s.stream_id)).toEqual([3]);
  });

  it('joining or leaving marks the GET /streams listings stale (the Subscribed filter changed)', () => {
    const listing = ['getStreams', { include_subscribed: true }];
    const byId = ['getStreamById', { stream_id: 1 }];
    qc.setQueryData(listing, { streams: [] });
    qc.setQueryData(byId, { stream: { stream_id: 1, name: 'general' } });
    applyEvents(qc, [ev('subscription', { op: 'add', subscriptions: [{ stream_id: 3, name: 'new' }] })]);
    expect(qc.getQueryState(listing)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(byId)?.isInvalidated).toBe(false);
    qc.setQueryData(listing, { streams: [] });
    applyEvents(qc, [
      ev('subscription', { op: 'update', stream_id: 3, property: 'pin_to_top', value: true }),
    ]);
    expect(qc.getQueryState(listing)?.isInvalidated).toBe(false);
    applyEvents(qc, [ev('subscription', { op: 'remove', subscriptions: [{ stream_id: 3 }] })]);
    expect(qc.getQueryState(listing)?.isInvalidated).toBe(true);
  });

  it('stream update renames in subscriptions and in cached channel queries', () => {
    qc.setQueryData(['getStreamById', { stream_id: 1 }], {
      stream: { stream_id: 1, name: 'general', description: '' },
    });
    applyEvents(qc, [
      ev('stream', {
        op: 'update',
        stream_id: 1,
        property: 'description',
        value: 'd',
        rendered_description: '<p>d</p>',
      }),
    ]);
    applyEvents(qc, [
      ev('stream', { op: 'update', stream_id: 1, property: 'name', value: 'lobby', name: 'general' }),
    ]);
    expect(state().subscriptions![0]).toMatchObject({
      name: 'lobby',
      description: 'd',
      rendered_description: '<p>d</p>',
    });
    expect(
      qc.getQueryData<{ stream: { name: string } }>(['getStreamById', { stream_id: 1 }])!.stream.name,
    ).toBe('lobby');
  });

  it('user_topic adds a muted topic and removes it at policy 0', () => {
    applyEvents(qc, [
      ev('user_topic', { stream_id: 1, topic_name: 'T', last_updated: 1, visibility_policy: 1 }),
    ]);
    expect(state().user_topics).toEqual([
      { stream_id: 1, topic_name: 'T', last_updated: 1, visibility_policy: 1 },
    ]);
    applyEvents(qc, [
      ev('user_topic', { stream_id: 1, topic_name: 't', last_updated: 2, visibility_policy: 0 }),
    ]);
    expect(state().user_topics).toEqual([]);
  });

  it('muted_users replaces the list of muted users, down to none', () => {
    applyEvents(qc, [ev('muted_users', { muted_users: [{ id: OTHER, timestamp: 100 }] })]);
    expect(state().muted_users).toEqual([{ id: OTHER, timestamp: 100 }]);
    applyEvents(qc, [
      ev('muted_users', {
        muted_users: [
          { id: OTHER, timestamp: 100 },
          { id: THIRD, timestamp: 200 },
        ],
      }),
      ev('muted_users', { muted_users: [{ id: THIRD, timestamp: 200 }] }),
    ]);
    expect(state().muted_users).toEqual([{ id: THIRD, timestamp: 200 }]);
    applyEvents(qc, [ev('muted_users', { muted_users: [] })]);
    expect(state().muted_users).toEqual([]);
  });

  it("a whole-topic move (change_all) carries the topic's mute or follow state, merging with the target", () => {
    applyEvents(qc, [
      ev('user_topic', { stream_id: 1, topic_name: 'lunch', last_updated: 1, visibility_policy: 1 }),
      ev('user_topic', { stream_id: 1, topic_name: 'plans', last_updated: 1, visibility_policy: 3 }),
      ev('user_topic', { stream_id: 1, topic_name: 'merge me', last_updated: 1, visibility_policy: 1 }),
    ]);
    const move = (from: string, to: string, mode = 'change_all') =>
      ev('update_message', {
        message_id: 1,
        message_ids: [1],
        stream_id: 1,
        orig_subject: from,
        subject: to,
        propagate_mode: mode,
      });
    applyEvents(qc, [move('lunch', '✔ lunch')]);
    const policies = () => state().user_topics!.map((t) => [t.topic_name, t.visibility_policy]);
    expect(policies()).toEqual(
      expect.arrayContaining([
        ['✔ lunch', 1],
        ['plans', 3],
      ]),
    );
    expect(policies()).not.toContainEqual(['lunch', 1]);
    // Into a followed topic: followed wins.
    applyEvents(qc, [move('merge me', 'plans')]);
    expect(policies().filter(([name]) => name === 'plans' || name === 'merge me')).toEqual([['plans', 3]]);
    // The server's own user_topic events afterwards change nothing further.
    applyEvents(qc, [
      ev('user_topic', { stream_id: 1, topic_name: 'lunch', last_updated: 2, visibility_policy: 0 }),
      ev('user_topic', { stream_id: 1, topic_name: '✔ lunch', last_updated: 2, visibility_policy: 1 }),
    ]);
    expect(policies().filter(([name]) => String(name).includes('lunch'))).toEqual([['✔ lunch', 1]]);
    // Moving part of a topic leaves the policy where it was.
    applyEvents(qc, [move('plans', 'elsewhere', 'change_one')]);
    expect(policies()).toContainEqual(['plans', 3]);
  });

  it('realm_user update renames and changes the API email', () => {
    applyEvents(qc, [
      ev('realm_user', {
        op: 'update',
        person: { user_id: OTHER, full_name: 'Renamed', new_email: 'n@x.example' },
      }),
    ]);
    expect(state().realm_users!.find((u) => u.user_id === OTHER)).toMatchObject({
      full_name: 'Renamed',
      email: 'n@x.example',
    });
  });

  it('update_message: a move marks the messages moved; resolving a topic does not (the real service, level 365)', () => {
    const narrow: Narrow = { kind: 'channel', streamId: 1 };
    const a = channelMessage({ subject: 'lunch' });
    const b = channelMessage({ subject: 'plans' });
    seedFeed(narrow, [a, b]);
    const move = (id: number, from: string, to: string) =>
      ev('update_message', {
        message_id: id,
        message_ids: [id],
        stream_id: 1,
        orig_subject: from,
        subject: to,
        propagate_mode: 'change_one',
        edit_timestamp: 1_700_000_500,
        user_id: OTHER,
      });
    applyEvents(qc, [move(a.id, 'lunch', '✔ lunch'), move(b.id, 'plans', 'later')]);
    const [resolved, moved] = feed(narrow);
    expect(resolved).toMatchObject({ subject: '✔ lunch' });
    expect(resolved!.last_moved_timestamp).toBeUndefined();
    expect(moved).toMatchObject({ subject: 'later', last_moved_timestamp: 1_700_000_500 });
  });

  it('realm_user is_active updates (the real service from feature level 222) deactivate and reactivate a person', () => {
    const gone = { user_id: 13, email: 'gone@x.example', full_name: 'Gone Person', is_active: false };
    qc.setQueryData(sessionKey, {
      accountId: 'a',
      generation: 1,
      initialState: baseState({
        realm_non_active_users: [gone],
        realm_user_groups: [{ id: 5, name: 'g', description: '', members: [SELF, OTHER] }],
      }),
    });
    const activeIds = () =>
      state()
        .realm_users!.filter((u) => u.is_active !== false)
        .map((u) => u.user_id);

    applyEvents(qc, [ev('realm_user', { op: 'update', person: { user_id: 13, is_active: true } })]);
    expect(activeIds()).toContain(13);
    expect(state().realm_non_active_users!.map((u) => u.user_id)).not.toContain(13);
    expect(state().realm_users!.find((u) => u.user_id === 13)).toMatchObject({ full_name: 'Gone Person' });

    applyEvents(qc, [ev('realm_user', { op: 'update', person: { user_id: OTHER, is_active: false } })]);
    expect(activeIds()).not.toContain(OTHER);
    // Spec part 6: a deactivated user leaves the group data.
    expect(state().realm_user_groups![0]!.members).toEqual([SELF]);
  });

  it('realm_user update of a deactivated person (not among realm_users) is kept', () => {
    const gone = { user_id: 13, email: 'gone@x.example', full_name: 'Gone Person', is_active: false };
    qc.setQueryData(sessionKey, {
      accountId: 'a',
      generation: 1,
      initialState: baseState({ realm_non_active_users: [gone] }),
    });
    applyEvents(qc, [ev('realm_user', { op: 'update', person: { user_id: 13, full_name: 'Renamed' } })]);
    expect(state().realm_non_active_users![0]).toMatchObject({ full_name: 'Renamed', is_active: false });
    expect(state().realm_users!.map((u) => u.user_id)).not.toContain(13);
  });

  it('user_group membership changes', () => {
    applyEvents(qc, [
      ev('user_group', {
        op: 'add',
        group: { id: 5, name: 'g', description: '', members: [SELF], direct_subgroup_ids: [] },
      }),
      ev('user_group', { op: 'add_members', group_id: 5, user_ids: [OTHER] }),
      ev('user_group', { op: 'remove_members', group_id: 5, user_ids: [SELF] }),
      ev('user_group', { op: 'add_subgroups', group_id: 5, direct_subgroup_ids: [9] }),
    ]);
    expect(state().realm_user_groups![0]).toMatchObject({ members: [OTHER], direct_subgroup_ids: [9] });
  });

  it('user_settings, realm and realm_user_settings_defaults', () => {
    applyEvents(qc, [
      ev('user_settings', { op: 'update', property: 'enter_sends', value: false }),
      ev('realm', {
        op: 'update_dict',
        property: 'default',
        data: { name: 'New name', message_retention_days: 30 },
      }),
      ev('realm_user_settings_defaults', { op: 'update', property: 'color_scheme', value: 2 }),
    ]);
    expect(state().user_settings!.enter_sends).toBe(false);
    expect(state().realm_name).toBe('New name');
    expect(state().realm_message_retention_days).toBe(30);
    expect(state().realm_user_settings_defaults).toEqual({ color_scheme: 2 });
  });

  it('skips unknown, undecodable and ignored events without stopping the batch', () => {
    applyEvents(qc, [
      decodeEvent({ id: 1, type: 'brand_new_type', whatever: 1 }),
      decodeEvent({ id: 2, type: 'message' }),
      ev('alert_words', { alert_words: ['lunch'] }),
      ev('user_settings', { op: 'update', property: 'twenty_four_hour_time', value: true }),
    ]);
    expect(state().user_settings!.twenty_four_hour_time).toBe(true);
  });
});
