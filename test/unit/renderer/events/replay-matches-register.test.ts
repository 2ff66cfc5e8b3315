import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { decodeEvents } from '../../../../shared/api/events';
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
import { demoUsers, useServer, type Client } from '../../server/helpers';
import { liveADay, TOPICS } from '../../../support/random-day';
import { demoDay, drainAll, registerState } from '../../server/register-replay';

// The register state the window keeps, moved on by the events of a day, must be what a fresh
// registration would give: otherwise the app shows counts, names and settings that a reload would
// change. Random days of the things people do, each replayed through the renderer's reducers and
// compared with a new POST /register, field by field.

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
 * message id changes with deletions and moves, and the app does not read it.
 */
const UNREAD_CHANNEL_FIELDS = new Set(['stream_weekly_traffic', 'first_message_id']);

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

      const day = await demoDay(h, start.state, seed);
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
