// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKey, getInitialState } from '../../../renderer/src/api/keys';
import { narrowKey, narrowTerms } from '../../../renderer/src/api/narrow';
import { connectBridge } from '../../../renderer/src/app/session';
import {
  channelUpdateParams,
  formOf,
} from '../../../renderer/src/features/channel-settings/ChannelSettingsDialog';
import {
  describeGroupSetting,
  groupSettingUpdate,
} from '../../../renderer/src/features/channel-settings/group-setting';
import { classifyHistory } from '../../../renderer/src/features/edit-history/classify';
import { editParams } from '../../../renderer/src/features/edit-message/EditMessageDialog';
import { updateFlagOverNarrow } from '../../../renderer/src/features/flags/mark-read';
import {
  markReadAllowed,
  markSeenAsRead,
  scrolledPast,
} from '../../../renderer/src/features/messages/mark-seen';
import { newerPage, olderPage } from '../../../renderer/src/features/messages/useFeed';
import { loadUnicodeEmoji, searchEmoji, unicodeCode } from '../../../renderer/src/features/reactions/emoji';
import { groupReactions } from '../../../renderer/src/features/reactions/Reactions';
import { toggleResolved } from '../../../renderer/src/features/channels/hooks';
import { TypingSender } from '../../../renderer/src/features/typing/typing-sender';
import { typingText } from '../../../renderer/src/features/typing/TypingIndicator';
import type { Channel } from '../../../renderer/src/api/model';
import { FakeBridge } from './fake-bridge';
import { baseState, channelMessage } from './fixtures';

describe('TypingSender (spec 4.4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts once, repeats after the started-wait period, stops after the stopped-wait idle time', () => {
    const sent: string[] = [];
    let now = 0;
    const sender = new TypingSender(
      (op) => sent.push(op),
      { startedWaitMs: 10_000, stoppedWaitMs: 5_000 },
      () => now,
    );
    sender.keystroke();
    now = 3_000;
    vi.advanceTimersByTime(3_000);
    sender.keystroke();
    expect(sent).toEqual(['start']);
    for (let t = 4_000; t <= 11_000; t += 1_000) {
      now = t;
      vi.advanceTimersByTime(1_000);
      sender.keystroke();
    }
    expect(sent).toEqual(['start', 'start']);
    vi.advanceTimersByTime(4_999);
    expect(sent).toEqual(['start', 'start']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['start', 'start', 'stop']);
  });

  it('stop() sends stop only after a start', () => {
    const sent: string[] = [];
    const sender = new TypingSender((op) => sent.push(op), { startedWaitMs: 10, stoppedWaitMs: 5 });
    sender.stop();
    expect(sent).toEqual([]);
    sender.keystroke();
    sender.stop();
    expect(sent).toEqual(['start', 'stop']);
  });
});

describe('mark as read over a narrow (spec 4.13)', () => {
  it('loops from the oldest with the batched endpoint until found_newest, summing counts', async () => {
    const bridge = new FakeBridge();
    const answers = [
      {
        processed_count: 1000,
        updated_count: 900,
        first_processed_id: 1,
        last_processed_id: 1000,
        found_oldest: true,
        found_newest: false,
      },
      {
        processed_count: 500,
        updated_count: 500,
        first_processed_id: 1001,
        last_processed_id: 1500,
        found_oldest: false,
        found_newest: true,
      },
    ];
    bridge.handlers.updateMessageFlagsForNarrow = () => answers.shift();
    const progress: number[] = [];
    const result = await updateFlagOverNarrow(
      bridge,
      narrowTerms({ kind: 'channel', streamId: 3 }),
      'read',
      'add',
      (p) => progress.push(p.updated),
    );
    expect(result).toEqual({ processed: 1500, updated: 1400, batches: 2, done: true });
    expect(progress).toEqual([900, 1400]);
    const calls = bridge.callsTo('updateMessageFlagsForNarrow');
    expect(calls[0]).toEqual({
      anchor: 'oldest',
      include_anchor: true,
      num_before: 0,
      num_after: 1000,
      narrow: [
        { operator: 'channel', operand: 3 },
        { operator: 'is', operand: 'unread' },
      ],
      op: 'add',
      flag: 'read',
    });
    expect(calls[1]).toMatchObject({ anchor: 1000, include_anchor: false });
  });
});

describe('edit parameters (spec 4.1)', () => {
  const original = { content: 'a', topic: 't', streamId: 1 };
  const form = {
    content: 'a',
    topic: 't',
    streamId: 1,
    propagateMode: 'change_all' as const,
    notifyOld: true,
    notifyNew: false,
  };

  it('sends only what changed; content-only edits carry no propagate_mode', () => {
    expect(editParams(5, original, { ...form, content: 'b' })).toEqual({ message_id: 5, content: 'b' });
    expect(editParams(5, original, { ...form, topic: 'u' })).toEqual({
      message_id: 5,
      topic: 'u',
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
      send_notification_to_new_thread: false,
    });
  });

  it('refuses content and channel together', () => {
    expect(() => editParams(5, original, { ...form, content: 'b', streamId: 2 })).toThrow(/two steps/);
  });

  it('resolving toggles the check-mark prefix', () => {
    expect(toggleResolved('bug')).toBe('✔ bug');
    expect(toggleResolved('✔ bug')).toBe('bug');
  });
});

describe('channel settings (spec 4.2)', () => {
  const channel: Channel = {
    stream_id: 4,
    name: 'ops',
    description: 'd',
    rendered_description: '<p>d</p>',
    invite_only: false,
    is_web_public: false,
    message_retention_days: null,
    history_public_to_subscribers: true,
    can_send_message_group: 7,
    can_administer_channel_group: { direct_members: [1], direct_subgroups: [] },
  };

  it('sends group settings as {new, old} and only when changed', () => {
    const before = formOf(channel, false);
    const after = {
      ...before,
      groups: { ...before.groups, can_send_message_group: { direct_members: [2, 3], direct_subgroups: [8] } },
    };
    expect(channelUpdateParams(4, before, after)).toEqual({
      stream_id: 4,
      can_send_message_group: { new: { direct_members: [2, 3], direct_subgroups: [8] }, old: 7 },
    });
    expect(
      groupSettingUpdate(
        { direct_members: [2, 1], direct_subgroups: [] },
        { direct_members: [1, 2], direct_subgroups: [] },
      ),
    ).toBeUndefined();
  });

  it('maps privacy, retention and default channel to their parameters', () => {
    const before = formOf(channel, false);
    expect(
      channelUpdateParams(4, before, {
        ...before,
        privacy: 'private',
        retention: { mode: 'unlimited' },
        is_default_stream: true,
      }),
    ).toEqual({
      stream_id: 4,
      is_private: true,
      is_web_public: false,
      message_retention_days: 'unlimited',
      is_default_stream: true,
    });
    expect(channelUpdateParams(4, before, { ...before, retention: { mode: 'days', days: 90 } })).toEqual({
      stream_id: 4,
      message_retention_days: 90,
    });
    expect(formOf({ ...channel, message_retention_days: -1 }, false).retention).toEqual({
      mode: 'unlimited',
    });
    const forever = formOf({ ...channel, message_retention_days: -1 }, false);
    expect(channelUpdateParams(4, forever, { ...forever, retention: { mode: 'realm_default' } })).toEqual({
      stream_id: 4,
      message_retention_days: 'realm_default',
    });
  });

  it('describes group settings in people’s words', () => {
    const groups = new Map([[7, { id: 7, name: 'role:administrators', description: '', members: [] }]]);
    expect(describeGroupSetting(7, groups, String)).toBe('Administrators');
    expect(
      describeGroupSetting({ direct_members: [1], direct_subgroups: [7] }, groups, (id) => `user${id}`),
    ).toBe('user1, Administrators');
  });
});

describe('edit history classification (spec 2.4)', () => {
  it('classifies posted, edited, moved and both', () => {
    const base = { content: 'c', rendered_content: '<p>c</p>', timestamp: 1, user_id: 1, topic: 't' };
    const entries = classifyHistory([
      base,
      { ...base, prev_content: 'b', prev_rendered_content: '<p>b</p>', content_html_diff: '<p>x</p>' },
      { ...base, topic: 'u', prev_topic: 't' },
      { ...base, stream: 2, prev_stream: 1, prev_content: 'c', content_html_diff: '<p>y</p>' },
    ]);
    expect(entries.map((e) => e.kind)).toEqual(['posted', 'edited', 'moved', 'edited-and-moved']);
    expect(entries[2]!.topicChange).toEqual({ from: 't', to: 'u' });
    expect(entries[3]!.channelChange).toEqual({ from: 1, to: 2 });
  });
});

describe('feed paging by anchors', () => {
  it('asks for older pages before the oldest loaded message and newer after the newest', () => {
    const a = channelMessage({ id: 10 });
    const b = channelMessage({ id: 20 });
    expect(olderPage({ messages: [a, b], found_oldest: false, found_newest: false })).toEqual({
      anchor: 10,
      before: 100,
      after: 0,
      includeAnchor: false,
    });
    expect(newerPage({ messages: [a, b], found_oldest: false, found_newest: false })).toEqual({
      anchor: 20,
      before: 0,
      after: 100,
      includeAnchor: false,
    });
    expect(olderPage({ messages: [a], found_oldest: true, found_newest: true })).toBeUndefined();
    expect(newerPage({ messages: [a], found_oldest: true, found_newest: true })).toBeUndefined();
  });

  it('marks exactly the messages seen, naming each, even with one scrolled past between them', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.updateMessageFlags = (params) => ({ messages: params.messages });
    // 11 went by mid-scroll and was never seen: it must stay unread, and 15 must not.
    await markSeenAsRead(bridge, [15, 10, 12]);
    expect(bridge.callsTo('updateMessageFlags')).toEqual([
      { messages: [10, 12, 15], op: 'add', flag: 'read' },
    ]);
    expect(bridge.callsTo('updateMessageFlagsForNarrow')).toEqual([]);
    // Many at once go in bounded calls that together name every one.
    const many = Array.from({ length: 2500 }, (_, i) => 5000 - i);
    await markSeenAsRead(bridge, many);
    const calls = bridge.callsTo('updateMessageFlags').slice(1) as { messages: number[] }[];
    expect(calls.map((c) => c.messages.length)).toEqual([1000, 1000, 500]);
    expect(calls.flatMap((c) => c.messages)).toEqual([...many].sort((a, b) => a - b));
  });

  it('counts the unread messages a reader went past on the way down as read, and nothing else', () => {
    const read = ['read'];
    const held = [10, 11, 12, 13, 14, 15, 16].map((id) =>
      channelMessage({ id, flags: id === 12 ? read : [] }),
    );
    // Paused with 11 the last in full, then again with 15 the first in full: 13 and 14 went by
    // (12 was already read).
    expect(scrolledPast(held, 11, 5)).toEqual([13, 14]);
    // Nothing between, the first pause, the way up, or a feed that jumped away from the last one.
    expect(scrolledPast(held, 14, 5)).toEqual([]);
    expect(scrolledPast(held, undefined, 5)).toEqual([]);
    expect(scrolledPast(held, 15, 1)).toEqual([]);
    expect(scrolledPast(held, 9, 5)).toEqual([]);
  });

  it('mark-read-on-scroll policy', () => {
    expect(markReadAllowed(1, false)).toBe(true);
    expect(markReadAllowed(2, false)).toBe(false);
    expect(markReadAllowed(2, true)).toBe(true);
    expect(markReadAllowed(3, true)).toBe(false);
  });
});

describe('narrows, emoji, reactions, typing text', () => {
  it('narrow terms and keys', () => {
    expect(narrowTerms({ kind: 'dm', userIds: [12, 11] })).toEqual([{ operator: 'dm', operand: [11, 12] }]);
    expect(narrowKey({ kind: 'dm', userIds: [12, 11] })).toBe(narrowKey({ kind: 'dm', userIds: [11, 12] }));
    expect(narrowTerms({ kind: 'topic', streamId: 1, topic: '' })).toEqual([
      { operator: 'channel', operand: 1 },
      { operator: 'topic', operand: '' },
    ]);
  });

  it('unicode emoji codes drop the presentation selector, as the server expects', async () => {
    expect(unicodeCode('❤️')).toBe('2764');
    expect(unicodeCode('👍')).toBe('1f44d');
    const octopus = searchEmoji(await loadUnicodeEmoji(), 'octopus')[0];
    expect(octopus).toMatchObject({ name: 'octopus', code: '1f419', reaction_type: 'unicode_emoji' });
  });

  it("finds emoji by the service's short names and common aliases, exact matches first", async () => {
    const all = await loadUnicodeEmoji();
    const first = (q: string) => searchEmoji(all, q)[0];
    expect(first('tada')).toMatchObject({ name: 'tada', code: '1f389' });
    expect(first('+1')).toMatchObject({ name: '+1', code: '1f44d' });
    expect(first(':+1:')).toMatchObject({ name: '+1' });
    expect(first('-1')).toMatchObject({ code: '1f44e' });
    expect(first('thumbsup')).toMatchObject({ code: '1f44d' });
    expect(first('heart')).toMatchObject({ code: '2764' });
    // A word inside a name counts before a mere substring.
    expect(searchEmoji(all, 'smile').map((e) => e.name)).toContain('sweat_smile');
    expect(searchEmoji(all, 'zzzz-no-such-emoji')).toEqual([]);
  });

  it('groups reactions by emoji', () => {
    const r = (user_id: number, emoji_code = '1f419') => ({
      emoji_name: 'octopus',
      emoji_code,
      reaction_type: 'unicode_emoji',
      user_id,
    });
    expect(groupReactions([r(1), r(2), r(1, '2764')]).map((g) => [g.emoji_code, g.userIds])).toEqual([
      ['1f419', [1, 2]],
      ['2764', [1]],
    ]);
  });

  it('typing text', () => {
    expect(typingText(['Ann'])).toBe('Ann is typing…');
    expect(typingText(['Ann', 'Bo'])).toBe('Ann and Bo are typing…');
    expect(typingText(['a', 'b', 'c'])).toBe('Several people are typing…');
  });
});

describe('session and events from the bridge', () => {
  it('a new session replaces the state; events of an older generation are dropped', async () => {
    const bridge = new FakeBridge();
    const qc = new QueryClient();
    const stop = connectBridge(bridge, qc);
    bridge.startSession(baseState(), 1);
    const applied = () => new Promise((resolve) => setTimeout(resolve, 0));
    bridge.pushEvents([
      { id: 1, type: 'user_settings', op: 'update', property: 'enter_sends', value: false },
    ]);
    await applied();
    expect(getInitialState(qc)!.user_settings!.enter_sends).toBe(false);
    bridge.startSession(baseState(), 2);
    expect(getInitialState(qc)!.user_settings!.enter_sends).toBe(true);
    bridge.pushEvents(
      [{ id: 2, type: 'user_settings', op: 'update', property: 'enter_sends', value: false }],
      1,
    );
    await applied();
    expect(getInitialState(qc)!.user_settings!.enter_sends).toBe(true);
    // Still waiting to be applied when the next session started: superseded by its state, dropped.
    bridge.pushEvents(
      [{ id: 3, type: 'user_settings', op: 'update', property: 'enter_sends', value: false }],
      2,
    );
    bridge.startSession(baseState(), 3);
    await applied();
    expect(getInitialState(qc)!.user_settings!.enter_sends).toBe(true);
    expect(qc.getQueryData<{ generation: number }>(sessionKey)!.generation).toBe(3);
    stop();
  });
});

describe('unread counts', () => {
  it('leave muted topics out of the channel count but keep their own', async () => {
    const { unreadCounts, topicCountKey } = await import('../../../renderer/src/events/unread');
    const state = {
      ...baseState(),
      unread_msgs: {
        streams: [
          { stream_id: 1, topic: 'loud', unread_message_ids: [1, 2] },
          { stream_id: 1, topic: 'Quiet', unread_message_ids: [3] },
        ],
        pms: [],
        huddles: [],
      },
    } as never;
    const counts = unreadCounts(state, (_s, topic) => topic.toLowerCase() === 'quiet');
    expect(counts.byChannel.get(1)).toBe(2);
    expect(counts.byTopic.get(topicCountKey(1, 'quiet'))).toBe(1);
  });
});

describe('errorSentence', () => {
  it('ends the server’s message with a full stop when it has none, so another sentence can follow', async () => {
    const { errorSentence } = await import('../../../renderer/src/api/call');
    expect(errorSentence(new Error('Your organization has turned off message editing'))).toBe(
      'Your organization has turned off message editing.',
    );
    expect(errorSentence(new Error('Invalid message(s).'))).toBe('Invalid message(s).');
    expect(errorSentence(new Error('Are you sure?'))).toBe('Are you sure?');
  });
});
