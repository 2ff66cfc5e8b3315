import { describe, expect, it } from 'vitest';
import type { Subscription, User, UserGroup } from '../../../../renderer/src/api/model';
import {
  buildChannelIndex,
  channelSyntax,
  findChannel,
  rankChannels,
  rankTopics,
  topicSyntax,
} from '../../../../renderer/src/features/compose/autocomplete/channels';
import { buildEmojiIndex, rankEmoji } from '../../../../renderer/src/features/compose/autocomplete/emoji';
import {
  buildMentionIndex,
  channelWildcardsAllowed,
  mentionRecency,
  mentionSyntax,
  rankMentions,
} from '../../../../renderer/src/features/compose/autocomplete/people';
import { BestOf, matchKey, matchRank } from '../../../../renderer/src/features/compose/autocomplete/rank';
import { recentFirst, withRecent } from '../../../../renderer/src/features/reactions/recent-emoji';
import { rankSnippets } from '../../../../renderer/src/features/compose/autocomplete/snippets';
import { loadUnicodeEmoji, type EmojiChoice } from '../../../../renderer/src/features/reactions/emoji';

const user = (user_id: number, full_name: string, extra: Partial<User> = {}): User =>
  ({
    user_id,
    full_name,
    email: `${full_name.split(' ')[0]!.toLowerCase()}${user_id}@x.example`,
    ...extra,
  }) as User;
const group = (id: number, name: string, extra: Partial<UserGroup> = {}): UserGroup =>
  ({ id, name, description: `${name} people`, ...extra }) as UserGroup;

describe('match ranks', () => {
  it('exact, prefix of the name, prefix of a word, anywhere, ignoring case and accents', () => {
    const chloe = matchKey('Chloé Martin');
    expect(matchRank(chloe, 'chloe martin')).toBe(0);
    expect(matchRank(chloe, 'chloe')).toBe(1);
    expect(matchRank(chloe, 'mar')).toBe(2);
    expect(matchRank(chloe, 'tin')).toBe(3);
    expect(matchRank(chloe, 'xyz')).toBeNull();
    expect(matchRank(matchKey('engineering-team'), 'team')).toBe(2);
    expect(matchRank(matchKey('thumbs_up'), 'up')).toBe(2);
  });

  it('BestOf keeps exactly what a full sort would keep first', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const values = Array.from({ length: 500 }, () => Math.floor(random() * 100));
    const best = new BestOf<number>(8, (a, b) => a - b);
    values.forEach((v) => best.add(v));
    expect(best.result()).toEqual([...values].sort((a, b) => a - b).slice(0, 8));
  });
});

describe('people and groups for @', () => {
  const users = [
    user(1, 'Ben Okafor'),
    user(2, 'Benedict Arnold'),
    user(3, 'Ada Benson'),
    user(4, 'Reuben Stone'),
    user(5, 'Ben'),
    user(6, 'Old Ben', { is_active: false }),
  ];
  const groups = [group(10, 'backend'), group(11, 'role:members', { is_system_group: true })];
  const index = buildMentionIndex(users, groups);
  const names = (query: string, recency?: Map<number, number>) =>
    rankMentions(index, query, { recency }).map((m) => m.name);

  it('ranks exact, then name prefix, then word prefix, then anywhere, then alphabetically', () => {
    expect(names('ben')).toEqual(['Ben', 'Ben Okafor', 'Benedict Arnold', 'Ada Benson', 'Reuben Stone']);
  });

  it('puts people recently talked with first among equal matches', () => {
    expect(names('ben', new Map([[2, 50]]))).toEqual([
      'Ben',
      'Benedict Arnold',
      'Ben Okafor',
      'Ada Benson',
      'Reuben Stone',
    ]);
  });

  it('offers groups but not system groups, nor deactivated users', () => {
    expect(names('back')).toEqual(['backend']);
    expect(names('role')).toEqual([]);
    expect(names('old b')).toEqual([]);
  });

  it('matches an email prefix after names', () => {
    expect(names('reuben4@')).toEqual(['Reuben Stone']);
  });

  it('offers the wildcard mentions, before people of an equal match in a channel and after them in direct messages, and fewer there', () => {
    const withAlla = buildMentionIndex([...users, user(7, 'Alla Petrova')], groups);
    const talkedWithAlla = new Map([[7, 1000]]);
    const offered = (query: string, context: 'channel' | 'dm') =>
      rankMentions(withAlla, query, { context, recency: talkedWithAlla }).map((m) => `${m.kind}:${m.name}`);
    expect(offered('al', 'channel')).toEqual(['wildcard:all', 'user:Alla Petrova']);
    expect(offered('al', 'dm')).toEqual(['user:Alla Petrova', 'wildcard:all']);
    expect(offered('top', 'channel')).toEqual(['wildcard:topic']);
    expect(offered('top', 'dm')).toEqual([]);
    expect(offered('ch', 'dm')).toEqual([]);
    expect(offered('every', 'dm')).toEqual(['wildcard:everyone']);
    const [topic] = rankMentions(withAlla, 'topic', { context: 'channel' });
    expect(topic).toMatchObject({ kind: 'wildcard', description: 'Notify topic' });
    expect(mentionSyntax(topic!, false)).toBe('@**topic**');
    expect(mentionSyntax(topic!, true)).toBe('@_**topic**');
    const [all] = rankMentions(withAlla, 'all', { context: 'dm' });
    expect(all).toMatchObject({ name: 'all', description: 'Notify recipients' });
  });

  it('offers only the wildcards the server knows: @**stream** before feature level 247, @**topic** from 224', () => {
    const offered = (featureLevel: number | undefined) =>
      rankMentions(buildMentionIndex(users, groups, { featureLevel }), '', { limit: 20 })
        .filter((m) => m.kind === 'wildcard')
        .map((m) => m.name);
    expect(offered(undefined)).toEqual(['all', 'everyone', 'channel', 'topic']);
    expect(offered(400)).toEqual(['all', 'everyone', 'channel', 'topic']);
    expect(offered(247)).toEqual(['all', 'everyone', 'channel', 'topic']);
    expect(offered(246)).toEqual(['all', 'everyone', 'stream', 'topic']);
    expect(offered(223)).toEqual(['all', 'everyone', 'stream']);
    const [stream] = rankMentions(buildMentionIndex(users, groups, { featureLevel: 237 }), 'str');
    expect(stream).toMatchObject({ kind: 'wildcard', description: 'Notify channel' });
    expect(mentionSyntax(stream!, false)).toBe('@**stream**');
    expect(
      rankMentions(buildMentionIndex(users, groups, { featureLevel: 237 }), 'str', { context: 'dm' }),
    ).toEqual([]);
  });

  it('leaves out people the user muted, as the real service does', () => {
    const withoutMuted = buildMentionIndex(users, groups, { mutedUserIds: new Set([2, 3]) });
    expect(rankMentions(withoutMuted, 'ben').map((m) => m.name)).toEqual([
      'Ben',
      'Ben Okafor',
      'Reuben Stone',
    ]);
  });

  it('offers no wildcard to a silent mention, which would notify nobody (as in the real service)', () => {
    const offered = (query: string, silent: boolean) =>
      rankMentions(index, query, { silent }).map((m) => `${m.kind}:${m.name}`);
    expect(offered('al', false)).toEqual(['wildcard:all']);
    expect(offered('al', true)).toEqual([]);
    expect(offered('ev', true)).toEqual([]);
    expect(offered('ben', true)).toContain('user:Ben Okafor');
    expect(offered('back', true)).toEqual(['group:backend']);
  });

  it('in a big channel offers channel-wide wildcards only to those who may mention many users', () => {
    const wildcards = (channelWildcards: boolean, context: 'channel' | 'dm' = 'channel') =>
      rankMentions(index, '', { channelWildcards, context, limit: 50 })
        .filter((m) => m.kind === 'wildcard')
        .map((m) => m.name);
    expect(wildcards(true)).toEqual(['all', 'everyone', 'channel', 'topic']);
    // The topic wildcard follows the topic's participants, which the app does not count: offered.
    expect(wildcards(false)).toEqual(['topic']);
    // Direct messages have no such limit.
    expect(wildcards(false, 'dm')).toEqual(['all', 'everyone']);
    expect(channelWildcardsAllowed(15, false)).toBe(true);
    expect(channelWildcardsAllowed(16, false)).toBe(false);
    expect(channelWildcardsAllowed(16, true)).toBe(true);
    expect(channelWildcardsAllowed(undefined, false)).toBe(true);
  });

  it('offers a group its can_mention_group keeps the user out of only to a silent mention', () => {
    const members = group(20, 'role:members', { is_system_group: true, members: [1, 2] });
    const withRules = [
      members,
      group(21, 'oncall', { can_mention_group: 20 }),
      group(22, 'owners-only', { can_mention_group: { direct_members: [2], direct_subgroups: [] } }),
      group(23, 'open'),
    ];
    const offered = (selfId: number, silent: boolean) =>
      rankMentions(buildMentionIndex(users, withRules, { selfId }), 'o', { silent })
        .filter((m) => m.kind === 'group')
        .map((m) => m.name);
    expect(offered(1, false)).toEqual(['oncall', 'open']);
    expect(offered(2, false)).toEqual(['oncall', 'open', 'owners-only']);
    expect(offered(3, false)).toEqual(['open']);
    expect(offered(3, true)).toEqual(['oncall', 'open', 'owners-only']);
  });

  it('caps the list', () => {
    expect(rankMentions(index, '', { limit: 3 })).toHaveLength(3);
  });

  it('writes mentions as the real service does, with the id when two people share a name', () => {
    const twins = buildMentionIndex(
      [user(1, 'Sam Lee'), user(2, 'sam lee'), user(3, 'Ada Park')],
      [group(9, 'ops')],
    );
    const [first, second] = rankMentions(twins, 'sam');
    expect(mentionSyntax(first!, false)).toBe('@**Sam Lee|1**');
    expect(mentionSyntax(second!, true)).toBe('@_**sam lee|2**');
    expect(mentionSyntax(rankMentions(twins, 'ada')[0]!, false)).toBe('@**Ada Park**');
    expect(mentionSyntax(rankMentions(twins, 'ops')[0]!, false)).toBe('@*ops*');
    expect(mentionSyntax(rankMentions(twins, 'ops')[0]!, true)).toBe('@_*ops*');
  });

  it('recency: the newest message with each person, from recent DMs and the open conversation, not self', () => {
    const recency = mentionRecency(
      [
        { max_message_id: 40, user_ids: [2, 3] },
        { max_message_id: 10, user_ids: [4] },
      ],
      [
        { id: 55, sender_id: 3 },
        { id: 20, sender_id: 9 },
      ],
      9,
    );
    expect(Object.fromEntries(recency)).toEqual({ 2: 40, 3: 55, 4: 10 });
  });

  it('narrows on from the last query as the user types on, with the same answers as a fresh search', () => {
    const typed = ['b', 'be', 'ben', 'ben ', 'ben o', 'x', 'a', 'ad', 'ben', 'be', 'arn'];
    const kept = buildMentionIndex(users, groups);
    for (const q of typed)
      expect(
        rankMentions(kept, q).map((m) => m.name),
        q,
      ).toEqual(rankMentions(buildMentionIndex(users, groups), q).map((m) => m.name));
  });

  it('answers right over 20,000 people (its speed is measured by the bench, `--only huge`)', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => user(100 + i, `Person ${i} Surname${i % 97}`));
    many.push(user(99, 'Ben Okafor'));
    const big = buildMentionIndex(many, []);
    expect(rankMentions(big, 'ben').map((m) => m.name)).toEqual(['Ben Okafor']);
    expect(rankMentions(big, 'person 1')).toHaveLength(8);
    expect(rankMentions(big, 'person 19999').map((m) => m.name)).toEqual(['Person 19999 Surname17']);
    expect(rankMentions(big, 'surname96').every((m) => m.name.endsWith('Surname96'))).toBe(true);
  });
});

describe('channels and topics for #', () => {
  const channels = [
    { stream_id: 1, name: 'general' },
    { stream_id: 2, name: 'engineering' },
    { stream_id: 3, name: 'green-energy' },
    { stream_id: 4, name: 'old-general', is_archived: true },
    { stream_id: 5, name: 'Design team' },
  ] as Subscription[];
  const index = buildChannelIndex(channels, new Set([1, 2]));

  it('ranks by match, the user’s channels before others, leaves archived ones out', () => {
    expect(rankChannels(index, 'gen').map((c) => c.name)).toEqual(['general']);
    // Prefix, word prefix, then "anywhere": the user's own channel first.
    expect(rankChannels(index, 'e').map((c) => c.name)).toEqual([
      'engineering',
      'green-energy',
      'general',
      'Design team',
    ]);
    expect(rankChannels(index, 'team').map((c) => c.name)).toEqual(['Design team']);
  });

  it('finds a channel by name regardless of case, for #name>', () => {
    expect(findChannel(index, 'design TEAM')?.id).toBe(5);
    expect(findChannel(index, 'old-general')).toBeUndefined();
  });

  it('ranks topics by match, then most recent, leaving the empty topic out', () => {
    const topics = [
      { name: 'office move', max_id: 10 },
      { name: 'team lunch', max_id: 30 },
      { name: 'lunch orders', max_id: 5 },
      { name: '', max_id: 40 },
    ];
    expect(rankTopics(topics, '')).toEqual(['team lunch', 'office move', 'lunch orders']);
    expect(rankTopics(topics, 'lunch')).toEqual(['lunch orders', 'team lunch']);
  });

  it('links with #**…** unless a name holds what breaks it (` > * & [ ] $$): then a markdown link, as the real service writes', () => {
    const general = { id: 1, name: 'general', subscribed: true };
    expect(channelSyntax(general)).toBe('#**general**');
    expect(topicSyntax(general, 'team lunch')).toBe('#**general>team lunch**');
    expect(topicSyntax(general, 'a*b')).toBe('[#general > a&#42;b](#narrow/channel/1-general/topic/a*b)');
    expect(topicSyntax(general, '[RFC] Q&A')).toBe(
      '[#general > &#91;RFC&#93; Q&amp;A](#narrow/channel/1-general/topic/.5BRFC.5D.20Q.26A)',
    );
    expect(topicSyntax(general, 'use `npm ci`, $$x$$')).toBe(
      '[#general > use &#96;npm ci&#96;, &#36;&#36;x&#36;&#36;](#narrow/channel/1-general/topic/use.20.60npm.20ci.60.2C.20.24.24x.24.24)',
    );
    const odd = { id: 7, name: 'R&D > ops', subscribed: true };
    expect(channelSyntax(odd)).toBe('[#R&amp;D &gt; ops](#narrow/channel/7-R.26D-.3E-ops)');
    expect(topicSyntax(odd, 'plans')).toBe(
      '[#R&amp;D &gt; ops > plans](#narrow/channel/7-R.26D-.3E-ops/topic/plans)',
    );
  });
});

describe('emoji for :', () => {
  const emoji = (name: string, aliases: string[] = [], glyph = '?'): EmojiChoice => ({
    name,
    aliases,
    code: name,
    reaction_type: 'unicode_emoji',
    glyph,
    group: 'x',
  });
  const index = buildEmojiIndex([
    emoji('octopus', [], '🐙'),
    emoji('+1', ['thumbsup', 'thumbs_up']),
    emoji('octagonal_sign'),
    emoji('tada', ['party_popper']),
    { name: 'octo_logo', code: '7', reaction_type: 'realm_emoji', imageUrl: '/e/7.png', group: 'Custom' },
  ]);
  const found = (q: string, recent?: string[]) => rankEmoji(index, q, recent).map((s) => s.name);

  it('searches names and aliases, inserting the name that matched', () => {
    expect(found('octo')).toEqual(['octo_logo', 'octopus']);
    expect(found('thumbs')).toEqual(['thumbsup']);
    expect(found('party')).toEqual(['party_popper']);
    expect(found('up')).toEqual(['thumbs_up']);
  });

  it('puts recently used emoji first among equal matches', () => {
    expect(found('oct')).toEqual(['octagonal_sign', 'octo_logo', 'octopus']);
    expect(found('oct', ['octopus'])).toEqual(['octopus', 'octagonal_sign', 'octo_logo']);
  });

  it('puts the real service’s popular emoji, and the recently used, first after exact matches', () => {
    const coded = (name: string, code: string, aliases: string[] = []) => ({ ...emoji(name, aliases), code });
    const popular = buildEmojiIndex([
      coded('-1', '1f44e', ['thumbsdown', 'thumbs_down']),
      coded('+1', '1f44d', ['thumbsup', 'thumbs_up']),
      coded('smile', '1f604'),
      coded('slightly_smiling_face', '1f642', ['slight_smile']),
      coded('thought_balloon', '1f4ad'),
    ]);
    const ranked = (q: string, recent?: string[]) => rankEmoji(popular, q, recent).map((e) => e.name);
    expect(ranked('thumbs')).toEqual(['thumbsup', 'thumbsdown']);
    expect(ranked('th')[0]).toBe('thumbsup');
    expect(ranked('thumbs', ['-1'])).toEqual(['thumbsdown', 'thumbsup']);
    // An exact match comes first; then, as in the real service, a popular emoji matched by a word
    // of its name comes before the other emoji whose name starts with the query.
    expect(ranked('smile')).toEqual(['smile', 'slight_smile']);
    expect(ranked('smi')).toEqual(['slightly_smiling_face', 'smile']);
    expect(ranked('thought', ['-1'])).toEqual(['thought_balloon']);
  });

  it(':thumbs over the whole emoji table selects 👍 first', async () => {
    const [first] = rankEmoji(buildEmojiIndex(await loadUnicodeEmoji()), 'thumbs');
    expect(first?.emoji.glyph).toBe('👍');
  });

  it('keeps a bounded recent-use list, newest first, without repeats', () => {
    let list: string[] = [];
    for (const name of ['a', 'b', 'c', 'a', 'd']) list = withRecent(list, name, 3);
    expect(list).toEqual(['d', 'a', 'c']);
  });

  it('puts the recently used first, most recent first, the rest in their order', () => {
    const choices = ['grin', 'heart', 'octopus', 'tada', 'wave'].map((name) => ({ name }));
    expect(recentFirst(choices, ['tada', 'unknown', 'heart']).map((c) => c.name)).toEqual([
      'tada',
      'heart',
      'grin',
      'octopus',
      'wave',
    ]);
    expect(recentFirst(choices, [])).toEqual(choices);
  });
});

describe('snippets for /', () => {
  it('ranks by title, then by a match in the text', () => {
    const snippets = [
      { id: 1, title: 'Weekly standup', content: 'Standup in 5', date_created: 1 },
      { id: 2, title: 'Standup reminder', content: 'Bring updates', date_created: 2 },
      { id: 3, title: 'Thanks', content: 'Thanks for the standup notes', date_created: 3 },
      { id: 4, title: 'Lunch', content: 'Pizza', date_created: 4 },
    ];
    expect(rankSnippets(snippets, 'stand').map((s) => s.id)).toEqual([2, 1, 3]);
    expect(rankSnippets(snippets, '').map((s) => s.id)).toEqual([4, 3, 2, 1]);
  });
});
