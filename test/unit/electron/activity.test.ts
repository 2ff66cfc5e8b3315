import { describe, expect, it } from 'vitest';
import { decodeEvents } from '../../../shared/api/events';
import type { RegisterResponse } from '../../../shared/api/register';
import type { SessionStarted } from '../../../shared/ipc';
import { AccountActivity, plainText } from '../../../electron/core/activity';

const ME = 10;
const GENERAL = 5;

function session(extra: Partial<RegisterResponse> = {}): SessionStarted {
  return {
    accountId: 'a1',
    generation: 1,
    initialState: {
      result: 'success',
      msg: '',
      queue_id: 'q',
      last_event_id: -1,
      user_id: ME,
      unread_msgs: {
        pms: [{ other_user_id: 3, unread_message_ids: [1, 2] }],
        streams: [{ stream_id: 5, topic: 't', unread_message_ids: [3] }],
        huddles: [],
      },
      user_settings: { enable_desktop_notifications: true },
      subscriptions: [{ stream_id: GENERAL, name: 'general' }],
      user_topics: [],
      ...extra,
    } as RegisterResponse,
  };
}

function batch(...raw: Record<string, unknown>[]) {
  return {
    accountId: 'a1',
    generation: 1,
    events: decodeEvents(raw.map((event, index) => ({ id: index, ...event }))),
  };
}

function message(id: number, fields: Record<string, unknown>, flags: string[] = []) {
  return {
    type: 'message',
    flags,
    message: {
      id,
      type: 'stream',
      sender_id: 3,
      sender_full_name: 'Chloe',
      content: '<p>Hello <strong>there</strong> &amp; welcome</p>',
      display_recipient: 'general',
      stream_id: GENERAL,
      subject: 'lunch',
      timestamp: 1,
      ...fields,
    },
  };
}

describe('AccountActivity: unread count', () => {
  it('starts from the registration and follows messages, read flags and deletions', () => {
    const activity = new AccountActivity('a1', session());
    expect(activity.unreadCount).toBe(3);
    activity.apply(batch(message(7, {}), message(8, { sender_id: ME }), message(9, {}, ['read'])));
    expect(activity.unreadCount).toBe(4);
    activity.apply(batch({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [1, 7] }));
    expect(activity.unreadCount).toBe(2);
    activity.apply(batch({ type: 'update_message_flags', op: 'remove', flag: 'read', messages: [7] }));
    expect(activity.unreadCount).toBe(3);
    activity.apply(batch({ type: 'update_message_flags', op: 'add', flag: 'starred', messages: [2, 3] }));
    expect(activity.unreadCount).toBe(3);
    activity.apply(batch({ type: 'delete_message', message_type: 'stream', message_ids: [3] }));
    expect(activity.unreadCount).toBe(2);
    activity.apply(batch({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true }));
    expect(activity.unreadCount).toBe(0);
  });
});

describe('AccountActivity: desktop notifications', () => {
  it('notifies for direct messages and mentions from others, as plain text', () => {
    const activity = new AccountActivity('a1', session());
    const notes = activity.apply(
      batch(
        message(20, { type: 'private', display_recipient: [] }),
        message(21, {}, ['mentioned']),
        message(22, {}),
        message(23, { type: 'private', sender_id: ME }),
        message(24, { type: 'private' }, ['read']),
      ),
    );
    expect(notes).toEqual([
      { accountId: 'a1', messageId: 20, title: 'Chloe', body: 'Hello there & welcome' },
      { accountId: 'a1', messageId: 21, title: 'Chloe (#general > lunch)', body: 'Hello there & welcome' },
    ]);
  });

  it('follows the desktop-notification and wildcard settings, including later changes', () => {
    const activity = new AccountActivity(
      'a1',
      session({ user_settings: { wildcard_mentions_notify: false } } as Partial<RegisterResponse>),
    );
    expect(activity.apply(batch(message(30, {}, ['wildcard_mentioned'])))).toEqual([]);
    expect(activity.apply(batch(message(31, {}, ['has_alert_word'])))).toHaveLength(1);
    activity.apply(
      batch({ type: 'user_settings', op: 'update', property: 'enable_desktop_notifications', value: false }),
    );
    expect(activity.apply(batch(message(32, { type: 'private' })))).toEqual([]);
  });

  it('follows a server before level 89, which sends setting changes in their older event forms', () => {
    const activity = new AccountActivity('a1', session());
    activity.apply(
      batch({
        type: 'update_global_notifications',
        notification_name: 'enable_desktop_notifications',
        setting: false,
      }),
    );
    expect(activity.apply(batch(message(40, { type: 'private' })))).toEqual([]);
    activity.apply(
      batch({
        type: 'update_global_notifications',
        notification_name: 'enable_desktop_notifications',
        setting: true,
      }),
    );
    expect(activity.apply(batch(message(41, { type: 'private' })))).toHaveLength(1);
  });

  it('leaves the account a window shows to that window, which notifies by itself', () => {
    let shown = true;
    const activity = new AccountActivity('a1', session(), () => shown);
    expect(activity.apply(batch(message(40, { type: 'private' }), message(41, {}, ['mentioned'])))).toEqual(
      [],
    );
    // The unread count still follows.
    expect(activity.unreadCount).toBe(5);
    shown = false;
    expect(activity.apply(batch(message(42, { type: 'private' })))).toHaveLength(1);
  });

  it('stays quiet for muted channels and topics, as muted here or later from another client', () => {
    const activity = new AccountActivity(
      'a1',
      session({
        subscriptions: [
          { stream_id: GENERAL, name: 'general', is_muted: true },
          { stream_id: 6, name: 'design' },
        ],
        user_topics: [{ stream_id: 6, topic_name: 'Logo', visibility_policy: 1, last_updated: 1 }],
      } as Partial<RegisterResponse>),
    );
    const everyone = (id: number, fields: Record<string, unknown>) =>
      message(id, fields, ['stream_wildcard_mentioned']);
    expect(activity.apply(batch(everyone(50, {}), everyone(51, { stream_id: 6, subject: 'logo' })))).toEqual(
      [],
    );
    // Another topic of the unmuted channel is heard.
    expect(activity.apply(batch(everyone(52, { stream_id: 6, subject: 'fonts' })))).toHaveLength(1);
    // Muted from another client meanwhile: its events reach the shell too.
    activity.apply(
      batch(
        { type: 'subscription', op: 'update', stream_id: GENERAL, property: 'is_muted', value: false },
        { type: 'user_topic', stream_id: 6, topic_name: 'fonts', last_updated: 2, visibility_policy: 1 },
      ),
    );
    expect(activity.apply(batch(everyone(53, { stream_id: 6, subject: 'fonts' })))).toEqual([]);
    expect(activity.apply(batch(everyone(54, {})))).toHaveLength(1);
  });

  it('stays quiet for a sender muted later from another client, and speaks again once unmuted', () => {
    const activity = new AccountActivity('a1', session());
    const mention = (id: number) => message(id, {}, ['mentioned']);
    expect(activity.apply(batch(mention(60)))).toHaveLength(1);
    activity.apply(batch({ type: 'muted_users', muted_users: [{ id: 3, timestamp: 1 }] }));
    expect(activity.apply(batch(mention(61)))).toEqual([]);
    activity.apply(batch({ type: 'muted_users', muted_users: [] }));
    expect(activity.apply(batch(mention(62)))).toHaveLength(1);
  });

  it('strips markup and scripts from message HTML', () => {
    expect(plainText('<p>a<br>b</p><script>alert(1)</script><p>&lt;c&gt;</p>')).toBe('a b <c>');
  });
});
