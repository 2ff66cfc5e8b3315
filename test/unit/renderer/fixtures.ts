import { decodeEvent, type KnownEvent } from '../../../shared/api/events';
import type { Message, InitialState } from '../../../renderer/src/api/model';

export const SELF = 10;
export const OTHER = 11;
export const THIRD = 12;

export function baseState(overrides: Partial<InitialState> = {}): Partial<InitialState> {
  return {
    user_id: SELF,
    full_name: 'Self Person',
    realm_users: [
      { user_id: SELF, email: 'self@x.example', full_name: 'Self Person', role: 400 },
      { user_id: OTHER, email: 'other@x.example', full_name: 'Other Person', role: 400 },
      { user_id: THIRD, email: 'third@x.example', full_name: 'Third Person', role: 200 },
    ],
    subscriptions: [
      {
        stream_id: 1,
        name: 'general',
        color: '#c2c2c2',
        invite_only: false,
        is_web_public: false,
        description: '',
        rendered_description: '',
      },
      {
        stream_id: 2,
        name: 'design',
        color: '#76ce90',
        invite_only: true,
        is_web_public: false,
        description: '',
        rendered_description: '',
      },
    ],
    unread_msgs: { streams: [], pms: [], huddles: [], mentions: [] },
    user_topics: [],
    realm_user_groups: [],
    user_settings: { enter_sends: true },
    realm_empty_topic_display_name: 'general chat',
    server_typing_started_expiry_period_milliseconds: 15000,
    server_typing_started_wait_period_milliseconds: 10000,
    server_typing_stopped_wait_period_milliseconds: 5000,
    ...overrides,
  };
}

let nextId = 100;
export function channelMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: nextId++,
    sender_id: OTHER,
    sender_full_name: 'Other Person',
    content: '<p>hello</p>',
    type: 'stream',
    stream_id: 1,
    subject: 'greetings',
    display_recipient: 'general',
    timestamp: 1_700_000_000,
    reactions: [],
    flags: [],
    ...overrides,
  };
}

export function dmMessage(userIds: number[], overrides: Partial<Message> = {}): Message {
  return {
    id: nextId++,
    sender_id: OTHER,
    sender_full_name: 'Other Person',
    content: '<p>psst</p>',
    type: 'private',
    subject: '',
    display_recipient: userIds.map((id) => ({ id, email: `${id}@x.example`, full_name: `User ${id}` })),
    timestamp: 1_700_000_000,
    reactions: [],
    flags: [],
    ...overrides,
  };
}

/**
 * Events as the main process delivers them: decoded (shared/api/events.ts). An event that would
 * not decode fails the test here instead of being skipped by the reducers unseen.
 */
export function decoded(raw: readonly Record<string, unknown>[]): KnownEvent[] {
  return raw.map((fields) => {
    const event = decodeEvent(fields);
    if (event.kind !== 'known') throw new Error(`test event does not decode: ${JSON.stringify(fields)}`);
    return event;
  });
}
