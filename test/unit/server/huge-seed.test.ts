import { describe, expect, it } from 'vitest';
import { Realm } from '../../../server/realm/realm';
import { seed } from '../../../server/seed';
import { seedDemo } from '../../../server/seed/demo';
import {
  HUGE_FINDABLE_PERSON,
  HUGE_SHAPE,
  HUGE_TOPIC_CHANNEL,
  seedHuge,
  type HugeShape,
} from '../../../server/seed/huge';
import { canReadMessage, type Message } from '../../../server/realm/messages';
import { initialState, MAX_UNREAD_MESSAGES } from '../../../server/events/initial-state';
import { LARGE_TOPIC } from '../../../server/seed/large';
import { flagState } from '../../../server/realm/message-flags';
import type { Timings } from '../../../server/http/context';
import type { ClientCapabilities } from '../../../server/events/queue';

/** The huge seed's shape divided by about a hundred: the same code, built in a blink. */
const SMALL: HugeShape = {
  users: 400,
  channels: 40,
  subscribed: 15,
  topics: 500,
  topicsInBigChannel: 100,
  messages: 10_000,
  directConversations: 20,
  unread: 1_000,
  unreadConversations: 100,
  userGroups: 5,
};

function conversationKey(m: Message): string {
  return m.type === 'private' ? `dm:${m.dm_user_ids.join(',')}` : `${m.stream_id}:${m.topic.toLowerCase()}`;
}

function counts(realm: Realm) {
  const ada = realm.users.get(1)!;
  const topics = new Set<string>();
  for (const m of realm.messages) if (m.type === 'stream') topics.add(conversationKey(m));
  const unread = [...realm.flagStates.get(ada.user_id)!.unread].map((id) => realm.messagesById.get(id)!);
  return {
    users: realm.users.size,
    channels: realm.channels.size,
    subscribed: [...realm.channels.values()].filter((c) => c.subscriptions.get(ada.user_id)?.active).length,
    topics: topics.size,
    messages: realm.messages.length,
    unread: unread.length,
    unreadConversations: new Set(unread.map(conversationKey)).size,
    userGroups: [...realm.groups.values()].filter((g) => !g.is_system_group).length,
  };
}

describe('the huge seed', () => {
  // What the demo itself brings, so the generated part can be counted exactly.
  const demo = new Realm();
  seedDemo(demo);
  const base = counts(demo);

  function build(shape: HugeShape) {
    const realm = new Realm();
    seedHuge(realm, shape);
    return { realm, got: counts(realm) };
  }

  it('has the promised counts (scaled down by a hundred)', () => {
    const { got } = build(SMALL);
    expect(got).toEqual({
      users: SMALL.users,
      channels: SMALL.channels,
      subscribed: SMALL.subscribed,
      topics: base.topics + SMALL.topics,
      messages: base.messages + SMALL.messages,
      unread: base.unread + SMALL.unread,
      unreadConversations: base.unreadConversations + SMALL.unreadConversations,
      userGroups: base.userGroups + SMALL.userGroups,
    });
  });

  it('gives one channel its many topics, and Ada can read every unread message', () => {
    const { realm } = build(SMALL);
    const big = [...realm.channels.values()].find((c) => c.name === HUGE_TOPIC_CHANNEL)!;
    const ada = realm.users.get(1)!;
    expect(big.subscriptions.get(ada.user_id)?.active).toBe(true);
    const bigTopics = new Set(
      realm.messages.filter((m) => m.stream_id === big.stream_id).map((m) => m.topic),
    );
    expect(bigTopics.size).toBe(SMALL.topicsInBigChannel);
    for (const id of realm.flagStates.get(ada.user_id)!.unread) {
      const m = realm.messagesById.get(id)!;
      expect(canReadMessage(realm, ada, m)).toBe(true);
      expect(m.sender_id).not.toBe(ada.user_id);
    }
    const names = [...realm.users.values()].map((u) => u.full_name);
    expect(names.filter((n) => n === HUGE_FINDABLE_PERSON)).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps ids and timestamps rising together', () => {
    const { realm } = build(SMALL);
    for (let i = 1; i < realm.messages.length; i++) {
      expect(realm.messages[i]!.id).toBeGreaterThan(realm.messages[i - 1]!.id);
      if (realm.messages[i]!.timestamp < realm.messages[i - 1]!.timestamp)
        throw new Error(`message ${realm.messages[i]!.id} is older than the one before it`);
    }
  });

  it('is what `--seed huge` builds: the full shape', () => {
    expect(HUGE_SHAPE).toMatchObject({
      users: 20_000,
      channels: 2_000,
      subscribed: 500,
      topics: 50_000,
      topicsInBigChannel: 2_000,
      messages: 1_000_000,
      unread: 100_000,
      unreadConversations: 10_000,
      userGroups: 300,
    });
  });
});

describe('unread_msgs past MAX_UNREAD_MESSAGES', () => {
  const timings = {
    longpollTimeoutSeconds: 90,
    heartbeatSeconds: 50,
    typingStartedWaitMs: 10000,
    typingStoppedWaitMs: 5000,
    typingStartedExpiryMs: 15000,
  } as Timings;
  const request = {
    fetchEventTypes: new Set(['message', 'update_message_flags']),
    includeSubscribers: false,
    capabilities: {} as ClientCapabilities,
    allowEmptyTopic: true,
  };

  it('carries the newest 50,000 and says older ones are missing, as the real service', () => {
    const realm = new Realm();
    seed(realm, 'large');
    const ada = realm.users.get(1)!;
    const unread = flagState(realm, ada.user_id).unread;
    for (const m of realm.messages)
      if (m.topic === LARGE_TOPIC && m.sender_id !== ada.user_id) unread.add(m.id);
    expect(unread.size).toBeGreaterThan(MAX_UNREAD_MESSAGES);
    const state = initialState(realm, ada, timings, request) as {
      unread_msgs: {
        count: number;
        old_unreads_missing: boolean;
        streams: { unread_message_ids: number[] }[];
        pms: { unread_message_ids: number[] }[];
        huddles: { unread_message_ids: number[] }[];
      };
    };
    const u = state.unread_msgs;
    expect(u.count).toBe(MAX_UNREAD_MESSAGES);
    expect(u.old_unreads_missing).toBe(true);
    const carried = [...u.streams, ...u.pms, ...u.huddles].flatMap((s) => s.unread_message_ids);
    const newest = [...unread].sort((a, b) => b - a).slice(0, MAX_UNREAD_MESSAGES);
    expect(carried.sort((a, b) => a - b)).toEqual(newest.sort((a, b) => a - b));
  });

  it('says nothing is missing below the cap', () => {
    const realm = new Realm();
    seed(realm, 'demo');
    const ada = realm.users.get(1)!;
    const state = initialState(realm, ada, timings, request) as {
      unread_msgs: { old_unreads_missing: boolean };
    };
    expect(state.unread_msgs.old_unreads_missing).toBe(false);
  });
});
