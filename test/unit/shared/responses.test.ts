import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../../shared/api';
import { emptySuccess } from '../../../shared/api/endpoint';

/** A success body (spec part 1 rule 2) with the given fields and one no schema knows. */
function ok(fields: Record<string, unknown>) {
  return { result: 'success', msg: '', ...fields, field_from_the_future: { x: 1 } };
}

const channel = {
  stream_id: 7,
  name: 'design',
  is_archived: false,
  description: 'All **design**',
  rendered_description: '<p>All <strong>design</strong></p>',
  date_created: 1690000000,
  creator_id: null,
  invite_only: false,
  is_web_public: false,
  stream_post_policy: 1,
  is_announcement_only: false,
  message_retention_days: null,
  history_public_to_subscribers: true,
  first_message_id: 1,
  is_recently_active: true,
  can_add_subscribers_group: 11,
  can_remove_subscribers_group: { direct_members: [3], direct_subgroups: [11] },
  can_administer_channel_group: 12,
  can_send_message_group: 13,
  can_subscribe_group: 14,
  stream_weekly_traffic: null,
  is_default: true,
  folder_id: null,
};

const message = {
  id: 31,
  type: 'private',
  sender_id: 9,
  sender_email: 'ada@example.com',
  sender_full_name: 'Ada Lovelace',
  avatar_url: 'https://example.com/avatar/9.png',
  content: '<p>lunch?</p>',
  display_recipient: [
    { id: 9, email: 'ada@example.com', full_name: 'Ada Lovelace', is_mirror_dummy: false },
    { id: 3, email: 'grace@example.com', full_name: 'Grace Hopper' },
  ],
  recipient_id: 20,
  subject: '',
  timestamp: 1700000000,
  flags: ['read', 'starred'],
  reactions: [{ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: 3 }],
  edit_history: [
    { timestamp: 1700000100, user_id: 9, prev_content: 'lunch', prev_rendered_content: '<p>lunch</p>' },
  ],
  last_edit_timestamp: 1700000100,
};

const user = {
  user_id: 9,
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  delivery_email: null,
  avatar_url: null,
  avatar_version: 2,
  is_admin: true,
  is_owner: false,
  is_guest: false,
  is_bot: false,
  is_active: true,
  role: 200,
  bot_type: null,
  timezone: 'Europe/London',
  date_joined: '2023-01-01T00:00:00+00:00',
  profile_data: { '2': { value: 'Paris', rendered_value: '<p>Paris</p>' } },
};

/**
 * [binding, example body, a path into the decoded value and what must be there]. Every body also
 * carries an unknown top-level field that must survive decoding.
 */
const examples: Array<[EndpointName, Record<string, unknown>, (string | number)[], unknown]> = [
  [
    'getServerSettings',
    ok({
      authentication_methods: { password: true, dev: false },
      external_authentication_methods: [
        {
          name: 'saml:idp',
          display_name: 'Company',
          display_icon: null,
          login_url: '/login',
          signup_url: '/signup',
        },
      ],
      service_feature_level: 400,
      service_version: '11.0',
      service_merge_base: '',
      realm_url: 'https://chat.example.com',
      realm_name: 'Acme',
    }),
    ['external_authentication_methods', 0, 'display_icon'],
    null,
  ],
  [
    'fetchApiKey',
    ok({ api_key: 'gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv', email: 'iago@example.com', user_id: 5 }),
    ['api_key'],
    'gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv',
  ],
  [
    'register',
    ok({
      queue_id: '1375801870:2942',
      last_event_id: -1,
      service_feature_level: 400,
      event_queue_longpoll_timeout_seconds: 90,
      max_topic_length: 60,
      max_message_length: 10000,
      realm_empty_topic_display_name: 'general chat',
      server_typing_started_wait_period_milliseconds: 10000,
      user_settings: { color_scheme: 2, some_newer_setting: 'x' },
      realm_user_settings_defaults: { web_home_view: 'inbox' },
      subscriptions: [
        { ...channel, color: '#76ce90', is_muted: false, pin_to_top: false, desktop_notifications: null },
      ],
      unsubscribed: [],
      never_subscribed: [channel],
      realm_users: [user],
      realm_user_groups: [
        { id: 11, name: 'role:members', description: '', members: [3, 9], is_system_group: true },
      ],
      realm_linkifiers: [{ id: 2, pattern: '#(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' }],
      realm_emoji: { '12': { id: '12', name: 'party', source_url: '/e/party.png', deactivated: false } },
      drafts: [{ id: 5, type: '', to: [], topic: '', content: 'idea', timestamp: 1700000000 }],
      saved_snippets: [{ id: 3, title: 'Greeting', content: 'Welcome!', date_created: 1700000000 }],
      user_status: { '9': { status_text: 'on vacation', emoji_name: 'car' } },
      user_topics: [{ stream_id: 7, topic_name: 'noise', last_updated: 1700000000, visibility_policy: 1 }],
      unread_msgs: {
        count: 2,
        pms: [{ other_user_id: 3, unread_message_ids: [40] }],
        streams: [{ stream_id: 7, topic: 'release plan', unread_message_ids: [41] }],
        huddles: [],
        mentions: [41],
        old_unreads_missing: false,
      },
      recent_private_conversations: [{ max_message_id: 40, user_ids: [3] }],
      realm_name: 'Acme',
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: null,
      realm_can_resolve_topics_group: { direct_members: [], direct_subgroups: [11] },
      realm_enable_spectator_access: false,
      user_id: 9,
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      is_admin: true,
      is_moderator: true,
      is_owner: false,
      is_guest: false,
      role: 200,
    }),
    ['user_settings', 'some_newer_setting'],
    'x',
  ],
  [
    'getEvents',
    ok({
      events: [
        { id: 1, type: 'heartbeat' },
        { id: 2, type: 'new_kind', x: 1 },
      ],
      queue_id: 'q',
    }),
    ['events', 1, 'x'],
    1,
  ],
  [
    'getMessages',
    ok({
      messages: [message],
      anchor: 31,
      found_anchor: true,
      found_oldest: false,
      found_newest: true,
      history_limited: false,
    }),
    ['messages', 0, 'reactions', 0, 'emoji_code'],
    '1f419',
  ],
  ['sendMessage', ok({ id: 42, automatic_new_visibility_policy: 3 }), ['id'], 42],
  [
    'updateMessage',
    ok({
      detached_uploads: [
        {
          id: 1,
          name: 'plan.pdf',
          path_id: '2/ab/plan.pdf',
          size: 1024,
          create_time: 1700000000000,
          messages: [{ id: 31, date_sent: 1700000000000 }],
        },
      ],
    }),
    ['detached_uploads', 0, 'path_id'],
    '2/ab/plan.pdf',
  ],
  ['deleteTopic', ok({ complete: false }), ['complete'], false],
  [
    'getMessageHistory',
    ok({
      message_history: [
        { topic: 'plan', content: 'v1', rendered_content: '<p>v1</p>', timestamp: 1, user_id: 9 },
        {
          topic: 'release plan',
          prev_topic: 'plan',
          content: 'v2',
          rendered_content: '<p>v2</p>',
          prev_content: 'v1',
          prev_rendered_content: '<p>v1</p>',
          content_html_diff: '<div><p><span class="highlight_text_inserted">v2</span></p></div>',
          stream: 8,
          prev_stream: 7,
          timestamp: 2,
          user_id: null,
        },
      ],
    }),
    ['message_history', 1, 'prev_stream'],
    7,
  ],
  [
    'checkMessagesMatchNarrow',
    ok({
      messages: {
        '31': { match_content: '<p><span class="highlight">deploy</span></p>', match_subject: 'plan' },
      },
    }),
    ['messages', '31', 'match_subject'],
    'plan',
  ],
  ['updateMessageFlags', ok({ messages: [4, 5] }), ['messages'], [4, 5]],
  [
    'updateMessageFlagsForNarrow',
    ok({
      processed_count: 11,
      updated_count: 8,
      first_processed_id: 35,
      last_processed_id: 55,
      found_oldest: false,
      found_newest: true,
      ignored_because_not_subscribed_channels: [12],
    }),
    ['ignored_because_not_subscribed_channels'],
    [12],
  ],
  ['getStreams', ok({ streams: [channel] }), ['streams', 0, 'folder_id'], null],
  [
    'getStreamById',
    ok({ stream: { ...channel, is_default: undefined } }),
    ['stream', 'can_remove_subscribers_group', 'direct_subgroups'],
    [11],
  ],
  [
    'getStreamTopics',
    ok({
      topics: [
        { name: '', max_id: 55 },
        { name: 'plan', max_id: 40 },
      ],
    }),
    ['topics', 0, 'max_id'],
    55,
  ],
  [
    'getSubscriptions',
    ok({ subscriptions: [{ ...channel, color: '#76ce90', subscribers: [3, 9] }] }),
    ['subscriptions', 0, 'subscribers'],
    [3, 9],
  ],
  [
    'subscribe',
    ok({ subscribed: { '9': ['launch'] }, already_subscribed: { '3': ['launch'] }, unauthorized: [] }),
    ['subscribed', '9'],
    ['launch'],
  ],
  ['unsubscribe', ok({ removed: ['launch'], not_removed: [] }), ['removed'], ['launch']],
  [
    'updatePresence',
    ok({
      presences: { '9': { active_timestamp: 1700000000, idle_timestamp: 1700000060 } },
      server_timestamp: 1700000061.5,
      presence_last_update_id: 12,
    }),
    ['presences', '9', 'idle_timestamp'],
    1700000060,
  ],
  ['getUserStatus', ok({ status: { status_text: 'busy', away: false } }), ['status', 'status_text'], 'busy'],
  ['getUsers', ok({ members: [user] }), ['members', 0, 'profile_data', '2', 'value'], 'Paris'],
  ['getOwnUser', ok({ ...user, max_message_id: 55 }), ['max_message_id'], 55],
  [
    'getUserGroups',
    ok({
      user_groups: [
        {
          id: 14,
          name: 'marketing',
          description: '',
          members: [3],
          direct_subgroup_ids: [15],
          is_system_group: false,
          can_mention_group: { direct_members: [3], direct_subgroups: [] },
          deactivated: false,
        },
      ],
    }),
    ['user_groups', 0, 'direct_subgroup_ids'],
    [15],
  ],
  ['createUserGroup', ok({ group_id: 14 }), ['group_id'], 14],
  [
    'getDrafts',
    ok({ count: 1, drafts: [{ id: 5, type: 'stream', to: [7], topic: 'x', content: 'y', timestamp: 1 }] }),
    ['drafts', 0, 'id'],
    5,
  ],
  ['createDrafts', ok({ ids: [5, 6] }), ['ids'], [5, 6]],
  [
    'getSavedSnippets',
    ok({ saved_snippets: [{ id: 3, title: 'Greeting', content: 'Welcome!', date_created: 1 }] }),
    ['saved_snippets', 0, 'title'],
    'Greeting',
  ],
  ['createSavedSnippet', ok({ saved_snippet_id: 3 }), ['saved_snippet_id'], 3],
  [
    'getScheduledMessages',
    ok({
      scheduled_messages: [
        {
          scheduled_message_id: 4,
          type: 'stream',
          to: 7,
          topic: 'standup',
          content: 'Hi',
          rendered_content: '<p>Hi</p>',
          scheduled_delivery_timestamp: 1800000000,
          failed: true,
        },
      ],
    }),
    ['scheduled_messages', 0, 'failed'],
    true,
  ],
  ['createScheduledMessage', ok({ scheduled_message_id: 4 }), ['scheduled_message_id'], 4],
  [
    'getLinkifiers',
    ok({ linkifiers: [{ id: 2, pattern: '#(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' }] }),
    ['linkifiers', 0, 'url_template'],
    'https://t.example/{id}',
  ],
  ['createLinkifier', ok({ id: 9 }), ['id'], 9],
  [
    'getRealmEmoji',
    ok({
      emoji: {
        '12': {
          id: '12',
          name: 'party',
          source_url: '/e/party.png',
          still_url: null,
          deactivated: false,
          author_id: 9,
        },
      },
    }),
    ['emoji', '12', 'name'],
    'party',
  ],
  [
    'getInvites',
    ok({
      invites: [
        {
          id: 1,
          invited_by_user_id: 9,
          invited: 1700000000,
          expiry_date: null,
          invited_as: 400,
          email: 'new@example.com',
          notify_referrer_on_join: true,
          is_multiuse: false,
        },
      ],
    }),
    ['invites', 0, 'email'],
    'new@example.com',
  ],
];

function at(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);
}

describe('response decoders', () => {
  it.each(examples)('%s decodes its example and keeps unknown fields', (name, body, path, expected) => {
    const decoded = endpoints[name].response.parse(body);
    expect(at(decoded, path)).toEqual(expected);
    expect((decoded as Record<string, unknown>).field_from_the_future).toEqual({ x: 1 });
  });

  it('has an example for every binding whose response has fields of its own', () => {
    const covered = new Set(examples.map(([name]) => name));
    const withFields = (Object.keys(endpoints) as EndpointName[]).filter(
      (name) => endpoints[name].response !== emptySuccess,
    );
    expect(withFields.filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(Object.keys(endpoints) as EndpointName[])(
    '%s keeps ignored_parameters_unsupported (spec part 1 rule 4)',
    (name) => {
      const example = examples.find(([n]) => n === name)?.[1] ?? ok({});
      const decoded = endpoints[name].response.parse({
        ...example,
        ignored_parameters_unsupported: ['frobnicate'],
      });
      expect(
        (decoded as { ignored_parameters_unsupported?: string[] }).ignored_parameters_unsupported,
      ).toEqual(['frobnicate']);
    },
  );

  it('getMessages: the anchor sentinel for `newest` is above the safe-integer range and still decodes', () => {
    const decoded = endpoints.getMessages.response.parse(
      JSON.parse(
        '{"result":"success","msg":"","messages":[],"anchor":10000000000000000,"found_newest":true}',
      ),
    );
    expect(decoded.anchor).toBe(1e16);
  });

  it('register: only the queue identity is required', () => {
    const minimal = endpoints.register.response.parse({
      result: 'success',
      msg: '',
      queue_id: 'q',
      last_event_id: -1,
    });
    expect(minimal.queue_id).toBe('q');
    expect(endpoints.register.response.safeParse({ result: 'success', msg: '', queue_id: 'q' }).success).toBe(
      false,
    );
  });

  it('getMessages: a server before feature level 365 marks moves as edits; the edit history tells them apart', () => {
    const base = { type: 'stream', sender_id: 1, content: '<p>x</p>', stream_id: 1, timestamp: 100 };
    const decoded = endpoints.getMessages.response.parse(
      ok({
        messages: [
          {
            ...base,
            id: 1,
            subject: 'new',
            last_edit_timestamp: 200,
            edit_history: [{ timestamp: 200, user_id: 1, prev_topic: 'old', topic: 'new' }],
          },
          {
            ...base,
            id: 2,
            subject: 'new',
            last_edit_timestamp: 300,
            edit_history: [
              { timestamp: 300, user_id: 1, prev_stream: 2, stream: 1 },
              { timestamp: 250, user_id: 1, prev_content: 'x', prev_rendered_content: '<p>x</p>' },
            ],
          },
          {
            ...base,
            id: 3,
            subject: '✔ done',
            last_edit_timestamp: 150,
            edit_history: [{ timestamp: 150, user_id: 1, prev_topic: 'done', topic: '✔ done' }],
          },
          { ...base, id: 4, subject: 't', last_edit_timestamp: 120 },
        ],
      }),
    );
    const times = decoded.messages.map((m) => [m.last_edit_timestamp, m.last_moved_timestamp]);
    expect(times).toEqual([
      [undefined, 200],
      [250, 300],
      // Resolving a topic is neither an edit nor a move (as from level 365).
      [undefined, undefined],
      // Without its history (the organization hides it) the server's word stands.
      [120, undefined],
    ]);
  });

  it('register: a server before feature level 195 may send no default code block language as null', () => {
    // The real service's changelog (level 195): null or "" both mean no default.
    const decoded = endpoints.register.response.parse({
      result: 'success',
      msg: '',
      queue_id: 'q',
      last_event_id: -1,
      zulip_feature_level: 185,
      realm_default_code_block_language: null,
    });
    expect(decoded.realm_default_code_block_language).toBe('');
  });

  it.each([
    ['a wrong result', 'getStreams', { result: 'error', msg: '', streams: [] }],
    ['a missing list', 'getStreams', { result: 'success', msg: '' }],
    ['a channel without its ID', 'getStreams', { result: 'success', msg: '', streams: [{ name: 'design' }] }],
    ['a flags count as text', 'updateMessageFlagsForNarrow', ok({ processed_count: '11' })],
    ['a topic entry without max_id', 'getStreamTopics', ok({ topics: [{ name: 'plan' }] })],
    [
      'a snapshot without content',
      'getMessageHistory',
      ok({ message_history: [{ topic: 'x', timestamp: 1, user_id: 1 }] }),
    ],
  ] as const)('rejects %s', (_title, name, body) => {
    expect(endpoints[name].response.safeParse(body).success).toBe(false);
  });
});
