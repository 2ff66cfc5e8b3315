import { describe, expect, it } from 'vitest';
import {
  matchRank,
  rankSwitcherItems,
  type SwitcherItem,
} from '../../../../renderer/src/features/keyboard/switcher-rank';

const channel = (label: string, id: number): SwitcherItem => ({
  kind: 'channel',
  label,
  narrow: { kind: 'channel', streamId: id },
  key: `c:${id}`,
});
const topic = (label: string, streamId: number, channelName: string): SwitcherItem => ({
  kind: 'topic',
  label,
  detail: `#${channelName}`,
  narrow: { kind: 'topic', streamId, topic: label },
  key: `t:${streamId}:${label}`,
});
const person = (label: string, id: number, email: string): SwitcherItem => ({
  kind: 'person',
  label,
  detail: email,
  narrow: { kind: 'dm', userIds: [id] },
  key: `p:${id}`,
});

const items = [
  person('Dana Design', 7, 'dana@example.com'),
  topic('new design review', 1, 'general'),
  channel('design', 2),
  channel('general', 1),
  topic('deploy pipeline', 3, 'engineering'),
  channel('redesign-lab', 4),
  topic('Designers meetup', 1, 'general'),
  person('Ben Adams', 8, 'ben@example.com'),
];

const labels = (query: string) => rankSwitcherItems(items, query).map((i) => i.label);

describe('quick switcher ranking', () => {
  it('puts names that start with the query first, then words that start with it, then the rest', () => {
    expect(labels('desi')).toEqual([
      'design',
      'Designers meetup',
      'new design review',
      'Dana Design',
      'redesign-lab',
    ]);
  });

  it('orders channels, topics, then people within a rank, the closer (shorter) name first', () => {
    expect(labels('d')).toEqual([
      'design',
      'deploy pipeline',
      'Designers meetup',
      'Dana Design',
      'new design review',
      'redesign-lab',
      'Ben Adams',
    ]);
  });

  it('ignores case and surrounding spaces; a topic matches by its channel, a person by email, last', () => {
    expect(labels('  GENERAL ')).toEqual(['general', 'Designers meetup', 'new design review']);
    expect(matchRank(person('Ben Adams', 8, 'ben@example.com'), 'example')).toBe(3);
    expect(labels('ben@')).toEqual(['Ben Adams']);
  });

  it('ignores accents', () => {
    expect(matchRank(person('Chloé Martin', 3, 'c@example.com'), 'chloe')).toBe(0);
    expect(matchRank(person('Chloe Martin', 3, 'c@example.com'), 'CHLOÉ')).toBe(0);
  });

  it('finds nothing for a query nothing contains', () => {
    expect(labels('zzz')).toEqual([]);
  });

  it('lists everything for an empty query, channels first, and stops at the limit', () => {
    expect(rankSwitcherItems(items, '').map((i) => i.kind)).toEqual([
      'channel',
      'channel',
      'channel',
      'topic',
      'topic',
      'topic',
      'person',
      'person',
    ]);
    expect(rankSwitcherItems(items, '', 2)).toHaveLength(2);
  });
});

describe('a query naming the channel and the topic', () => {
  it('finds the topic by words of both, in either spelling', () => {
    expect(labels('general deploy')).toEqual([]);
    expect(labels('engineering deploy')).toEqual(['deploy pipeline']);
    expect(labels('gen > design')).toEqual(['Designers meetup', 'new design review']);
    expect(labels('general designers')).toEqual(['Designers meetup']);
    // Each word must start a word: "ign" inside "design" does not make "general ign" a match.
    expect(labels('general ign')).toEqual([]);
  });
});
