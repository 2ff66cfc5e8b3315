/**
 * A random day of what people do in an organization, through the API: messages to channels and
 * direct messages, reading and unreading, stars, moves, edits, deletions, reactions, muting,
 * subscription properties, joining and leaving channels, names, statuses, settings, drafts,
 * snippets, groups and linkifiers. Tests live one with the app (or the window's reducers) open and
 * compare what it shows with a fresh load (test/unit/renderer/events/replay-matches-register.test.ts,
 * test/e2e/random-day.spec.ts). Seeded, so a failing day can be replayed.
 */

export interface DayAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A person's API, as the unit helpers' `Client` and the UI tests' `serverApi` both give it. */
export interface DayClient {
  call(method: string, path: string, params?: Record<string, unknown>): Promise<DayAnswer>;
}

/** A seeded source of numbers in [0, 1) (mulberry32), so a day can be replayed. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Day {
  rand: () => number;
  pick: <T>(xs: readonly T[]) => T;
  /** The observed person (Ada), another member, and someone to add to group DMs and channels. */
  people: { self: number; member: number; third: number };
  self: DayClient;
  admin: DayClient;
  others: DayClient[];
  channels: number[];
  allChannels: { stream_id: number; name: string }[];
  sent: number[];
  sentToChannels: Set<number>;
  step: number;
}

export const TOPICS = ['alpha', 'Beta', 'gamma', 'beta'];

type Action = (day: Day) => Promise<DayAnswer | undefined>;

async function sendToChannel(day: Day, sender: DayClient, content: string): Promise<DayAnswer> {
  const sent = await sender.call('POST', '/messages', {
    type: 'stream',
    to: day.pick(day.channels),
    topic: day.pick(TOPICS),
    content,
  });
  if (sent.body.result === 'success') day.sentToChannels.add(sent.body.id as number);
  return sent;
}

const someSent = (day: Day, n: number) => Array.from({ length: n }, () => day.pick(day.sent));

/**
 * What people do in a day, with weights. Wildcard mentions (@**all**) are left out: whether one
 * counts among `unread_msgs.mentions` depends on the conversation being muted when the service
 * answers, and no event tells a client which of its unread mentions were wildcards. Deleting a
 * direct message is left out too: the service then moves the conversation's place among
 * `recent_private_conversations` to its newest remaining message, which the window cannot know
 * without asking.
 */
const ACTIONS: [weight: number, Action][] = [
  [
    30,
    (d) => sendToChannel(d, d.pick(d.others), `${d.rand() < 0.2 ? '@**Ada Lovelace** ' : ''}hello ${d.step}`),
  ],
  [
    8,
    (d) =>
      d.pick(d.others).call('POST', '/messages', {
        type: 'direct',
        to: d.rand() < 0.5 ? [d.people.self] : [d.people.self, d.people.third],
        content: `dm ${d.step}`,
      }),
  ],
  [4, (d) => sendToChannel(d, d.self, `mine ${d.step}`)],
  [
    10,
    async (d) =>
      d.self.call('POST', '/messages/flags', { messages: someSent(d, 3), op: 'add', flag: 'read' }),
  ],
  [
    6,
    async (d) =>
      d.self.call('POST', '/messages/flags', { messages: someSent(d, 2), op: 'remove', flag: 'read' }),
  ],
  [
    3,
    async (d) =>
      d.self.call('POST', '/messages/flags', {
        messages: someSent(d, 1),
        op: d.pick(['add', 'remove']),
        flag: 'starred',
      }),
  ],
  [
    10,
    async (d) => {
      const params: Record<string, unknown> = {
        topic: d.pick(TOPICS),
        propagate_mode: d.pick(['change_one', 'change_later', 'change_all']),
      };
      if (d.rand() < 0.4) params.stream_id = d.pick(d.channels);
      return d.admin.call('PATCH', `/messages/${d.pick(d.sent)}`, params);
    },
  ],
  [
    3,
    async (d) => {
      const sender = d.pick(d.others);
      const sent = await sendToChannel(d, sender, `to be edited ${d.step}`);
      if (sent.body.result !== 'success') return sent;
      d.sent.push(sent.body.id as number);
      return sender.call('PATCH', `/messages/${sent.body.id as number}`, {
        content: d.rand() < 0.5 ? `@**Ada Lovelace** edited ${d.step}` : `edited ${d.step}`,
      });
    },
  ],
  [
    4,
    async (d) => {
      const id = d.pick(d.sent);
      return d.sentToChannels.has(id) ? d.admin.call('DELETE', `/messages/${id}`) : undefined;
    },
  ],
  [
    2,
    async (d) =>
      d.pick(d.others).call('POST', `/messages/${d.pick(d.sent)}/reactions`, { emoji_name: 'smile' }),
  ],
  [
    8,
    (d) =>
      d.self.call('POST', '/user_topics', {
        stream_id: d.pick(d.channels),
        topic: d.pick(TOPICS),
        visibility_policy: d.pick([0, 1, 2, 3]),
      }),
  ],
  [
    5,
    (d) =>
      d.self.call('POST', '/users/me/subscriptions/properties', {
        subscription_data: [
          {
            stream_id: d.pick(d.channels),
            property: d.pick(['is_muted', 'pin_to_top', 'desktop_notifications']),
            value: d.rand() < 0.5,
          },
        ],
      }),
  ],
  [2, (d) => d.pick([d.self, d.admin]).call('PATCH', '/settings', { full_name: `Name ${d.step}` })],
  [
    2,
    (d) =>
      d.self.call('PATCH', '/settings', {
        enter_sends: d.rand() < 0.5,
        twenty_four_hour_time: d.rand() < 0.5,
      }),
  ],
  [
    2,
    (d) =>
      d.admin.call('PATCH', `/streams/${d.pick(d.channels)}`, {
        description: `About ${d.step}`,
        ...(d.rand() < 0.3 ? { new_name: `channel ${d.step}` } : {}),
      }),
  ],
  [
    2,
    (d) =>
      d
        .pick([d.self, ...d.others])
        .call('POST', '/users/me/status', { status_text: `busy ${d.step}`, away: d.rand() < 0.5 }),
  ],
  [1, (d) => d.self.call('POST', '/saved_snippets', { title: `s${d.step}`, content: 'text' })],
  [
    1,
    (d) =>
      d.admin.call('POST', '/user_groups/create', {
        name: `group ${d.step}`,
        description: 'made today',
        members: [d.people.self, d.people.member],
      }),
  ],
  [
    1,
    (d) =>
      d.admin.call('POST', '/realm/filters', {
        pattern: `T${d.step}-(?P<id>[0-9]+)`,
        url_template: 'https://t.example/{id}',
      }),
  ],
  [
    3,
    async (d) => {
      const channel = d.pick(d.allChannels);
      return d.rand() < 0.5
        ? d.self.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: channel.name }] })
        : d.self.call('DELETE', '/users/me/subscriptions', { subscriptions: [channel.name] });
    },
  ],
  [
    2,
    async (d) => {
      const channel = d.pick(d.allChannels);
      const principals = [d.people.third];
      return d.rand() < 0.5
        ? d.admin.call('POST', '/users/me/subscriptions', {
            subscriptions: [{ name: channel.name }],
            principals,
          })
        : d.admin.call('DELETE', '/users/me/subscriptions', { subscriptions: [channel.name], principals });
    },
  ],
  [
    1,
    (d) =>
      d.admin.call('PATCH', '/realm', {
        description: `Org ${d.step}`,
        allow_message_editing: d.rand() < 0.5,
        message_content_edit_limit_seconds: d.pick([600, 3600]),
      }),
  ],
  [
    1,
    (d) =>
      d.admin.call('PATCH', '/realm/user_settings_defaults', {
        twenty_four_hour_time: d.rand() < 0.5,
        enter_sends: d.rand() < 0.5,
      }),
  ],
  [
    2,
    (d) =>
      d.self.call('POST', '/drafts', {
        drafts: [
          {
            type: 'stream',
            to: [d.pick(d.channels)],
            topic: d.pick(TOPICS),
            content: `draft ${d.step}`,
            timestamp: 1_700_000_000 + d.step,
          },
        ],
      }),
  ],
  [
    2,
    (d) =>
      d.admin.call('POST', `/streams/${d.pick(d.channels)}/delete_topic`, { topic_name: d.pick(TOPICS) }),
  ],
  [
    2,
    (d) =>
      d.self.call('POST', '/mark_topic_as_read', {
        stream_id: d.pick(d.channels),
        topic_name: d.pick(TOPICS),
      }),
  ],
  [
    2,
    (d) =>
      d.self.call('POST', '/messages/flags/narrow', {
        anchor: 'oldest',
        num_before: 0,
        num_after: 1000,
        narrow: [{ operator: 'channel', operand: d.pick(d.channels) }],
        op: 'add',
        flag: 'read',
      }),
  ],
  [
    2,
    async (d) => {
      const topic = d.pick(TOPICS);
      return d.admin.call('PATCH', `/messages/${d.pick(d.sent)}`, {
        topic: d.rand() < 0.5 ? `✔ ${topic}` : topic,
        propagate_mode: 'change_all',
      });
    },
  ],
  [
    1,
    (d) =>
      d.admin.call('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: `new ${d.step} ${Math.floor(d.rand() * 1000)}` }],
        principals: d.rand() < 0.5 ? [d.people.self, d.people.member] : [d.people.member],
      }),
  ],
  [1, (d) => deleteOne(d, d.self, '/drafts', 'drafts')],
  [1, (d) => deleteOne(d, d.self, '/saved_snippets', 'saved_snippets')],
  [1, (d) => deleteOne(d, d.admin, '/realm/linkifiers', 'linkifiers', '/realm/filters')],
];

/** Deletes one of the items a list call gives (`GET listPath` → `body[field]`, each with an `id`). */
async function deleteOne(
  d: Day,
  who: DayClient,
  listPath: string,
  field: string,
  deletePath = listPath,
): Promise<DayAnswer | undefined> {
  const listed = await who.call('GET', listPath);
  const items = (listed.body[field] ?? []) as { id: number }[];
  return items.length === 0 ? undefined : who.call('DELETE', `${deletePath}/${d.pick(items).id}`);
}

export async function liveADay(day: Day, steps: number): Promise<void> {
  const total = ACTIONS.reduce((sum, [w]) => sum + w, 0);
  for (day.step = 0; day.step < steps; day.step++) {
    let r = day.rand() * total;
    const action = ACTIONS.find(([w]) => (r -= w) < 0)![1];
    if (day.sent.length === 0 && action !== ACTIONS[0]![1]) continue;
    const res = await action(day);
    if (res?.body.result === 'success' && typeof res.body.id === 'number') {
      day.sent.push(res.body.id);
    }
  }
}
