import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CLIENT_CAPABILITIES, REGISTER_OPTIONS } from '../../../../electron/core/event-loop';
import { decodeEvents } from '../../../../shared/api/events';
import { registerResponseSchema } from '../../../../shared/api/register';
import { getMessagesResponseSchema, type GetMessagesResponse } from '../../../../shared/api/messages';
import type { InitialState, Message } from '../../../../renderer/src/api/model';
import { feedKey, getInitialState, sessionKey, type FeedData } from '../../../../renderer/src/api/keys';
import { narrowKey, narrowTerms, type Narrow } from '../../../../renderer/src/api/narrow';
import {
  mergeMessages,
  recentMessageOf,
  type RecentData,
} from '../../../../renderer/src/features/recent/recent-model';
import { recentKey } from '../../../../renderer/src/features/recent/recent-query';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { demoUsers, useServer, type ApiResult, type Client } from '../../server/helpers';

// The register state the window keeps, moved on by the events of a day, must be what a fresh
// registration would give: otherwise the app shows counts, names and settings that a reload would
// change. Random days of the things people do, each replayed through the renderer's reducers and
// compared with a new POST /register, field by field.

const REGISTER_PARAMS = { client_capabilities: CLIENT_CAPABILITIES, ...REGISTER_OPTIONS };

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function registerState(
  client: Client,
): Promise<{ state: InitialState; queueId: string; lastEventId: number }> {
  const body = await client.ok('POST', '/register', REGISTER_PARAMS);
  const state = registerResponseSchema().parse(body) as InitialState;
  return { state, queueId: body.queue_id as string, lastEventId: body.last_event_id as number };
}

async function drainAll(client: Client, queueId: string, lastEventId: number): Promise<unknown[]> {
  const out: unknown[] = [];
  let last = lastEventId;
  for (let round = 0; round < 50; round++) {
    const body = await client.ok('GET', '/events', {
      queue_id: queueId,
      last_event_id: last,
      dont_block: true,
    });
    const events = body.events as { id: number; type: string }[];
    if (events.length === 0) return out;
    last = events.at(-1)!.id;
    out.push(...events.filter((e) => e.type !== 'heartbeat'));
  }
  throw new Error('queue did not drain');
}

const sortIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

// Topics are one conversation whatever their case; entries may be split or merged by case.
function byTopic(entries: readonly { stream_id: number; topic: string; unread_message_ids: number[] }[]) {
  const merged = new Map<string, number[]>();
  for (const e of entries) {
    const key = `${e.stream_id}/${e.topic.toLowerCase()}`;
    merged.set(key, [...(merged.get(key) ?? []), ...e.unread_message_ids]);
  }
  return [...merged]
    .filter(([, ids]) => ids.length > 0)
    .map(([key, ids]) => `${key}: ${sortIds(ids).join(',')}`)
    .sort();
}

function unreadView(state: InitialState) {
  const u = state.unread_msgs!;
  return {
    streams: byTopic(u.streams ?? []),
    pms: (u.pms ?? [])
      .filter((e) => e.unread_message_ids.length > 0)
      .map((e) => `${e.other_user_id}: ${sortIds(e.unread_message_ids).join(',')}`)
      .sort(),
    huddles: (u.huddles ?? [])
      .filter((e) => e.unread_message_ids.length > 0)
      .map((e) => `${e.user_ids_string}: ${sortIds(e.unread_message_ids).join(',')}`)
      .sort(),
    mentions: sortIds(u.mentions ?? []),
  };
}

/**
 * A channel's weekly traffic is recomputed by the service and never sent as an event; its first
 * message id (changed by deletions and moves) and its subscriber count are not read by the app,
 * which asks GET /streams for the numbers it shows.
 */
const UNREAD_CHANNEL_FIELDS = new Set(['stream_weekly_traffic', 'first_message_id', 'subscriber_count']);

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normalize);
    return items.every((x) => typeof x === 'number')
      ? sortIds(items as number[])
      : items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k, v]) => v !== undefined && !UNREAD_CHANNEL_FIELDS.has(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalize(v)]),
    );
  return value;
}

/**
 * Fields no event keeps: the queue's own, presence (its own reports), the deprecated forms of what
 * the app reads elsewhere (`muted_topics`: `user_topics`), what the app never reads
 * (`max_message_id`; `streams`: the window asks GET /streams), and `unread_msgs`, compared apart.
 */
const NOT_EVENT_DRIVEN = new Set([
  'queue_id',
  'last_event_id',
  'server_timestamp',
  'presences',
  'unread_msgs',
  'result',
  'msg',
  'muted_topics',
  'max_message_id',
  'streams',
]);

function deepDiff(path: string, a: unknown, b: unknown, out: string[]) {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
      out.push(
        `${path}: length ${a.length} vs ${b.length}: ${JSON.stringify(a).slice(0, 300)} vs ${JSON.stringify(b).slice(0, 300)}`,
      );
      return;
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys)
      deepDiff(
        `${path}.${key}`,
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        out,
      );
    return;
  }
  out.push(`${path}: replayed ${JSON.stringify(a)?.slice(0, 200)} fresh ${JSON.stringify(b)?.slice(0, 200)}`);
}

function differingKeys(replayed: InitialState, fresh: InitialState): string[] {
  const keys = new Set([...Object.keys(replayed), ...Object.keys(fresh)]);
  const out: string[] = [];
  for (const k of keys) {
    if (NOT_EVENT_DRIVEN.has(k)) continue;
    deepDiff(
      k,
      normalize((replayed as Record<string, unknown>)[k]),
      normalize((fresh as Record<string, unknown>)[k]),
      out,
    );
  }
  return out;
}

interface Day {
  rand: () => number;
  pick: <T>(xs: readonly T[]) => T;
  users: ReturnType<typeof demoUsers>;
  ada: Client;
  admin: Client;
  others: Client[];
  channels: number[];
  allChannels: { stream_id: number; name: string }[];
  sent: number[];
  sentToChannels: Set<number>;
  step: number;
}

const TOPICS = ['alpha', 'Beta', 'gamma', 'beta'];

type Action = (day: Day) => Promise<ApiResult | undefined>;

async function sendToChannel(day: Day, sender: Client, content: string): Promise<ApiResult> {
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
        to: d.rand() < 0.5 ? [d.users.owner.user_id] : [d.users.owner.user_id, d.users.member3.user_id],
        content: `dm ${d.step}`,
      }),
  ],
  [4, (d) => sendToChannel(d, d.ada, `mine ${d.step}`)],
  [
    10,
    async (d) => d.ada.call('POST', '/messages/flags', { messages: someSent(d, 3), op: 'add', flag: 'read' }),
  ],
  [
    6,
    async (d) =>
      d.ada.call('POST', '/messages/flags', { messages: someSent(d, 2), op: 'remove', flag: 'read' }),
  ],
  [
    3,
    async (d) =>
      d.ada.call('POST', '/messages/flags', {
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
      d.ada.call('POST', '/user_topics', {
        stream_id: d.pick(d.channels),
        topic: d.pick(TOPICS),
        visibility_policy: d.pick([0, 1, 2, 3]),
      }),
  ],
  [
    5,
    (d) =>
      d.ada.call('POST', '/users/me/subscriptions/properties', {
        subscription_data: [
          {
            stream_id: d.pick(d.channels),
            property: d.pick(['is_muted', 'pin_to_top', 'desktop_notifications']),
            value: d.rand() < 0.5,
          },
        ],
      }),
  ],
  [2, (d) => d.pick([d.ada, d.admin]).call('PATCH', '/settings', { full_name: `Name ${d.step}` })],
  [
    2,
    (d) =>
      d.ada.call('PATCH', '/settings', {
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
        .pick([d.ada, ...d.others])
        .call('POST', '/users/me/status', { status_text: `busy ${d.step}`, away: d.rand() < 0.5 }),
  ],
  [1, (d) => d.ada.call('POST', '/saved_snippets', { title: `s${d.step}`, content: 'text' })],
  [
    1,
    (d) =>
      d.admin.call('POST', '/user_groups/create', {
        name: `group ${d.step}`,
        description: 'made today',
        members: [d.users.owner.user_id, d.users.member.user_id],
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
        ? d.ada.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: channel.name }] })
        : d.ada.call('DELETE', '/users/me/subscriptions', { subscriptions: [channel.name] });
    },
  ],
  [
    2,
    async (d) => {
      const channel = d.pick(d.allChannels);
      const principals = [d.users.member3.user_id];
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
      d.ada.call('POST', '/drafts', {
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
  [1, (d) => deleteOne(d, d.ada, '/drafts', 'drafts')],
  [1, (d) => deleteOne(d, d.ada, '/saved_snippets', 'saved_snippets')],
  [1, (d) => deleteOne(d, d.admin, '/realm/linkifiers', 'linkifiers', '/realm/filters')],
];

/** Deletes one of the items a list call gives (`GET listPath` → `body[field]`, each with an `id`). */
async function deleteOne(
  d: Day,
  who: Client,
  listPath: string,
  field: string,
  deletePath = listPath,
): Promise<ApiResult | undefined> {
  const items = (await who.ok('GET', listPath))[field] as { id: number }[];
  return items.length === 0 ? undefined : who.call('DELETE', `${deletePath}/${d.pick(items).id}`);
}

async function liveADay(day: Day, steps: number): Promise<void> {
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

const FEED_PAGE = 100;

/** The feeds a window might hold open through the day. */
function feedNarrows(state: InitialState, otherId: number): Narrow[] {
  const channels = (state.subscriptions ?? []).slice(0, 3).map((s) => s.stream_id);
  return [
    { kind: 'all' },
    { kind: 'starred' },
    { kind: 'dm', userIds: [otherId] },
    ...channels.map((streamId): Narrow => ({ kind: 'channel', streamId })),
    ...channels.map((streamId): Narrow => ({ kind: 'topic', streamId, topic: TOPICS[0]! })),
  ];
}

async function fetchFeed(client: Client, narrow: Narrow, before = FEED_PAGE): Promise<GetMessagesResponse> {
  const body = await client.ok('GET', '/messages', {
    narrow: narrowTerms(narrow),
    anchor: 'newest',
    num_before: before,
    num_after: 0,
    apply_markdown: true,
    client_gravatar: false,
  });
  return getMessagesResponseSchema().parse(body);
}

/** What a row shows of a message. */
function feedView(m: Message) {
  return {
    id: m.id,
    where: m.type === 'stream' ? `${m.stream_id}/${m.subject}` : 'dm',
    content: m.content,
    flags: [...(m.flags ?? [])].filter((f) => f === 'read' || f === 'starred').sort(),
    reactions: (m.reactions ?? []).map((r) => `${r.emoji_name}:${r.user_id}`).sort(),
    edited: m.last_edit_timestamp !== undefined,
    moved: m.last_moved_timestamp !== undefined,
  };
}

describe('the register state kept by the window follows the events', () => {
  const h = useServer({ seed: 'demo' });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])(
    'a random day (%i) replayed equals a fresh registration',
    async (seed) => {
      const users = demoUsers(h.server);
      const ada = h.as(users.owner);
      const start = await registerState(ada);
      const qc = new QueryClient();
      qc.setQueryData(sessionKey, { accountId: 'acc', generation: 1, initialState: start.state });
      const narrows = feedNarrows(start.state, users.admin.user_id);
      const firstIds = new Map<string, number>();
      for (const narrow of narrows) {
        const page = await fetchFeed(ada, narrow);
        qc.setQueryData<FeedData>(feedKey(narrow, 'newest'), {
          pages: [page],
          pageParams: [{ anchor: 'newest', before: FEED_PAGE, after: 0, includeAnchor: true }],
        });
        firstIds.set(narrowKey(narrow), page.found_oldest ? 0 : (page.messages[0]?.id ?? 0));
      }
      const recentPage = await fetchFeed(ada, { kind: 'all' });
      qc.setQueryData<RecentData>(
        recentKey,
        mergeMessages(
          { messages: [], foundOldest: false },
          recentPage.messages.map((m) => recentMessageOf(m, users.owner.user_id)),
          recentPage.found_oldest,
        ),
      );
      const recentFrom = recentPage.messages[0]?.id ?? 0;

      const rand = mulberry32(seed);
      const day: Day = {
        rand,
        pick: (xs) => xs[Math.floor(rand() * xs.length)]!,
        users,
        ada,
        admin: h.as(users.admin),
        others: [h.as(users.admin), h.as(users.member), h.as(users.member2)],
        channels: (start.state.subscriptions ?? []).map((s) => s.stream_id),
        allChannels: (await ada.ok('GET', '/streams')).streams as Day['allChannels'],
        sent: [],
        sentToChannels: new Set(),
        step: 0,
      };
      await liveADay(day, 150);

      applyEvents(qc, decodeEvents(await drainAll(ada, start.queueId, start.lastEventId)));
      const replayed = getInitialState(qc)!;
      const fresh = (await registerState(ada)).state;
      expect(unreadView(replayed)).toEqual(unreadView(fresh));
      expect(differingKeys(replayed, fresh)).toEqual([]);

      // Each feed the window holds (and will not fetch again) has what the server now has from its
      // first message on: none lost, none twice, each as it now is.
      for (const narrow of narrows) {
        const key = feedKey(narrow, 'newest');
        if (qc.getQueryState(key)?.isInvalidated) continue;
        const kept = qc.getQueryData<FeedData>(key)!.pages.flatMap((p) => p.messages);
        const from = firstIds.get(narrowKey(narrow))!;
        const now = (await fetchFeed(ada, narrow, 1000)).messages.filter((m) => m.id >= from);
        expect({ narrow, messages: kept.map(feedView) }).toEqual({ narrow, messages: now.map(feedView) });
      }
      // Recent conversations, built from the same messages, say the same.
      const recentNow = (await fetchFeed(ada, { kind: 'all' }, 1000)).messages
        .filter((m) => m.id >= recentFrom)
        .map((m) => recentMessageOf(m, users.owner.user_id));
      if (!qc.getQueryState(recentKey)?.isInvalidated)
        expect(qc.getQueryData<RecentData>(recentKey)!.messages).toEqual(recentNow);
    },
  );
});
