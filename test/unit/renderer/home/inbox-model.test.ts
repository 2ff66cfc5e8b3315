import { describe, expect, it } from 'vitest';
import type { InitialState, Subscription, UserTopic } from '../../../../renderer/src/api/model';

type InboxUnread = NonNullable<InitialState['unread_msgs']>;
import {
  inboxConversations,
  inboxRows,
  inboxUnreadTotal,
  type InboxGroupId,
  type InboxRow,
} from '../../../../renderer/src/features/inbox/inbox-model';

const SELF = 10;

function channel(stream_id: number, name: string, extra: Partial<Subscription> = {}): Subscription {
  return { stream_id, name, ...extra } as Subscription;
}

const channels = [channel(2, 'design'), channel(1, 'general'), channel(3, 'random', { is_muted: true })];

function unread(partial: Partial<InboxUnread>): InboxUnread {
  return { streams: [], pms: [], huddles: [], mentions: [], ...partial };
}

function rows(
  u: InboxUnread,
  { userTopics = [], collapsed = [] }: { userTopics?: UserTopic[]; collapsed?: InboxGroupId[] } = {},
): InboxRow[] {
  return inboxRows({ unread: u, selfId: SELF, channels, userTopics, collapsed: new Set(collapsed) });
}

/** A compact picture of the rows: group headers and conversations with their counts. */
function shape(list: InboxRow[]): string[] {
  return list.map((r) => {
    const mark = r.mention ? ' @' : '';
    if (r.kind === 'group') return `[${r.group}] ${r.unread}${mark}${r.collapsed ? ' (collapsed)' : ''}`;
    if (r.kind === 'dm') return `  dm:${r.userIds.join(',') || 'self'} ${r.unread}${mark}`;
    return `  ${r.topic} ${r.unread}${mark}`;
  });
}

describe('inboxRows', () => {
  it('puts direct messages first, then channels in the sidebar order, newest unread first within', () => {
    const list = rows(
      unread({
        streams: [
          { stream_id: 1, topic: 'lunch', unread_message_ids: [5, 9] },
          { stream_id: 1, topic: 'deploy', unread_message_ids: [12] },
          { stream_id: 2, topic: 'logo', unread_message_ids: [3] },
        ],
        pms: [
          { other_user_id: 11, unread_message_ids: [4] },
          { other_user_id: SELF, unread_message_ids: [20] },
        ],
        huddles: [{ user_ids_string: `${SELF},11,12`, unread_message_ids: [7, 8] }],
      }),
    );
    expect(shape(list)).toEqual([
      '[dm] 4',
      '  dm:self 1',
      '  dm:11,12 2',
      '  dm:11 1',
      '[channel:2] 1',
      '  logo 1',
      '[channel:1] 3',
      '  deploy 1',
      '  lunch 2',
    ]);
  });

  it('marks conversations and groups where the user is mentioned', () => {
    const list = rows(
      unread({
        streams: [
          { stream_id: 1, topic: 'a', unread_message_ids: [1, 2] },
          { stream_id: 1, topic: 'b', unread_message_ids: [3] },
        ],
        pms: [{ other_user_id: 11, unread_message_ids: [4] }],
        mentions: [2],
      }),
    );
    expect(shape(list)).toEqual(['[dm] 1', '  dm:11 1', '[channel:1] 3 @', '  b 1', '  a 2 @']);
  });

  it('leaves out muted topics, and topics of muted channels unless unmuted or followed', () => {
    const list = rows(
      unread({
        streams: [
          { stream_id: 1, topic: 'Quiet', unread_message_ids: [1] },
          { stream_id: 1, topic: 'loud', unread_message_ids: [2] },
          { stream_id: 3, topic: 'chatter', unread_message_ids: [3] },
          { stream_id: 3, topic: 'kept', unread_message_ids: [4] },
          { stream_id: 3, topic: 'followed', unread_message_ids: [5] },
        ],
      }),
      {
        userTopics: [
          { stream_id: 1, topic_name: 'quiet', visibility_policy: 1 },
          { stream_id: 3, topic_name: 'kept', visibility_policy: 2 },
          { stream_id: 3, topic_name: 'followed', visibility_policy: 3 },
        ],
      },
    );
    expect(shape(list)).toEqual(['[channel:1] 1', '  loud 1', '[channel:3] 2', '  followed 1', '  kept 1']);
  });

  it('keeps a collapsed group as its header with its totals', () => {
    const u = unread({
      streams: [{ stream_id: 1, topic: 'a', unread_message_ids: [1, 2] }],
      pms: [{ other_user_id: 11, unread_message_ids: [3] }],
      mentions: [1],
    });
    expect(shape(rows(u, { collapsed: ['channel:1', 'dm'] }))).toEqual([
      '[dm] 1 (collapsed)',
      '[channel:1] 2 @ (collapsed)',
    ]);
  });

  it('merges topics that differ only in case', () => {
    const list = rows(
      unread({
        streams: [
          { stream_id: 1, topic: 'Plans', unread_message_ids: [2] },
          { stream_id: 1, topic: 'plans', unread_message_ids: [6] },
        ],
      }),
    );
    expect(shape(list)).toEqual(['[channel:1] 2', '  Plans 2']);
  });

  it('leaves out channels the user is not subscribed to (left, or removed by someone), as the real service', () => {
    const list = rows(
      unread({
        streams: [
          { stream_id: 9, topic: 'left meanwhile', unread_message_ids: [1] },
          { stream_id: 1, topic: 'plans', unread_message_ids: [2] },
        ],
      }),
    );
    expect(shape(list)).toEqual(['[channel:1] 1', '  plans 1']);
  });

  it('is empty when nothing is unread', () => {
    expect(rows(unread({}))).toEqual([]);
    expect(
      inboxRows({ unread: undefined, selfId: SELF, channels, userTopics: [], collapsed: new Set() }),
    ).toEqual([]);
  });

  it('handles 10,000 conversations (timings: npm run bench, "open Inbox")', () => {
    const streams = Array.from({ length: 10_000 }, (_, i) => ({
      stream_id: 1 + (i % 3),
      topic: `topic ${i}`,
      unread_message_ids: [i * 2 + 1, i * 2 + 2],
    }));
    const list = rows(unread({ streams }));
    // #random (stream 3) is muted: its third of the topics is left out.
    expect(list.filter((r) => r.kind === 'topic')).toHaveLength(6_667);
    expect(list.filter((r) => r.kind === 'group').map((r) => r.unread)).toEqual([6_666, 6_668]);
  });
});

describe('inboxUnreadTotal', () => {
  const input = (userTopics: UserTopic[]) => ({
    unread: unread({
      streams: [
        { stream_id: 1, topic: 'lunch', unread_message_ids: [5, 9] },
        { stream_id: 1, topic: 'Lunch', unread_message_ids: [11] },
        { stream_id: 1, topic: 'muted here', unread_message_ids: [13, 14] },
        { stream_id: 3, topic: 'in a muted channel', unread_message_ids: [15] },
        { stream_id: 3, topic: 'followed anyway', unread_message_ids: [16, 17] },
        { stream_id: 9, topic: 'not subscribed', unread_message_ids: [18] },
      ],
      pms: [
        { other_user_id: 11, unread_message_ids: [4] },
        { other_user_id: SELF, unread_message_ids: [20] },
      ],
      huddles: [{ user_ids_string: `${SELF},11,12`, unread_message_ids: [7, 8] }],
      mentions: [9, 7],
    }),
    selfId: SELF,
    channels,
    userTopics,
  });
  const listed = (i: ReturnType<typeof input>) => {
    const { dms, byChannel } = inboxConversations(i);
    return [...dms, ...[...byChannel.values()].flat()].reduce((n, c) => n + c.unread, 0);
  };

  it('adds up what the Inbox lists, muted topics and channels left out', () => {
    const policies = [
      { stream_id: 1, topic_name: 'MUTED HERE', visibility_policy: 1, last_updated: 0 },
      { stream_id: 3, topic_name: 'followed anyway', visibility_policy: 3, last_updated: 0 },
    ] as UserTopic[];
    const withPolicies = input(policies);
    expect(inboxUnreadTotal(withPolicies)).toBe(listed(withPolicies));
    // 2 + 1 (lunch, either case) + 2 (followed in the muted channel) + 1 + 1 + 2 (direct); not the
    // channel the user is not subscribed to
    expect(inboxUnreadTotal(withPolicies)).toBe(9);
  });

  it('counts everything when nothing is muted', () => {
    const plain = { ...input([]), channels: channels.map((c) => ({ ...c, is_muted: false })) };
    expect(inboxUnreadTotal(plain)).toBe(listed(plain));
    expect(inboxUnreadTotal(plain)).toBe(12);
  });
});

describe('inboxRows with the Filter box', () => {
  it('keeps the matching conversations and leaves out groups with none, their counts those of what is shown', () => {
    const list = inboxRows({
      unread: unread({
        streams: [
          { stream_id: 1, topic: 'lunch', unread_message_ids: [5, 9] },
          { stream_id: 1, topic: 'deploy', unread_message_ids: [12] },
          { stream_id: 2, topic: 'logo', unread_message_ids: [3] },
        ],
        pms: [{ other_user_id: 4, unread_message_ids: [7] }],
      }),
      selfId: SELF,
      channels,
      userTopics: [],
      collapsed: new Set(),
      matches: (c) => c.kind === 'topic' && c.topic === 'lunch',
    });
    expect(shape(list)).toEqual(['[channel:1] 2', '  lunch 2']);
  });
});

describe('inboxRows by topic status (All topics, Unmuted topics, Followed topics)', () => {
  const state = unread({
    streams: [
      { stream_id: 1, topic: 'lunch', unread_message_ids: [5] },
      { stream_id: 1, topic: 'noise', unread_message_ids: [6, 7] },
      { stream_id: 1, topic: 'launch', unread_message_ids: [8] },
      // #random is muted.
      { stream_id: 3, topic: 'memes', unread_message_ids: [9] },
    ],
    pms: [{ other_user_id: 4, unread_message_ids: [2] }],
  });
  const userTopics: UserTopic[] = [
    { stream_id: 1, topic_name: 'noise', visibility_policy: 1, last_updated: 0 },
    { stream_id: 1, topic_name: 'launch', visibility_policy: 3, last_updated: 0 },
  ];
  const listed = (topicStatus: 'all' | 'unmuted' | 'followed') =>
    shape(
      inboxRows({ unread: state, selfId: SELF, channels, userTopics, collapsed: new Set(), topicStatus }).map(
        (r) => (r.kind === 'topic' && r.muted ? { ...r, topic: `${r.topic} (muted)` } : r),
      ),
    );

  it('lists the unmuted topics by default', () => {
    expect(listed('unmuted')).toEqual(['[dm] 1', '  dm:4 1', '[channel:1] 2', '  launch 1', '  lunch 1']);
  });

  it('lists muted topics and the topics of muted channels too with All topics, marked muted', () => {
    expect(listed('all')).toEqual([
      '[dm] 1',
      '  dm:4 1',
      '[channel:1] 4',
      '  launch 1',
      '  noise (muted) 2',
      '  lunch 1',
      '[channel:3] 1',
      '  memes (muted) 1',
    ]);
  });

  it('lists only followed topics (and direct messages) with Followed topics', () => {
    expect(listed('followed')).toEqual(['[dm] 1', '  dm:4 1', '[channel:1] 1', '  launch 1']);
  });
});
