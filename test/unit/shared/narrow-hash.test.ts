import { describe, expect, it } from 'vitest';
import {
  channelSlug,
  decodeHashComponent,
  encodeHashComponent,
  parseNarrowHash,
} from '../../../shared/narrow-hash';

describe('narrow links', () => {
  it('encodes as the real service does: percent written as a dot, dots and brackets escaped', () => {
    expect(encodeHashComponent('deploy pipeline')).toBe('deploy.20pipeline');
    expect(encodeHashComponent('v1.2 (beta)')).toBe('v1.2E2.20.28beta.29');
    expect(channelSlug(5, 'design team')).toBe('5-design-team');
    expect(channelSlug(7, 'café')).toBe('7-caf.C3.A9');
  });

  it('decodes its own encoding and plain percent-encoding alike', () => {
    for (const topic of ['deploy pipeline', 'v1.2 (beta)', 'café ☕', '100% done', 'a.b.c'])
      expect(decodeHashComponent(encodeHashComponent(topic))).toBe(topic);
    expect(decodeHashComponent('deploy%20pipeline')).toBe('deploy pipeline');
    // Not valid either way: given back as it is.
    expect(decodeHashComponent('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('reads channel, topic, direct-message and message links, old and new operator names', () => {
    expect(parseNarrowHash('#narrow/channel/5-engineering')).toEqual({ kind: 'channel', streamId: 5 });
    expect(parseNarrowHash('#narrow/stream/5-engineering/subject/deploy.20pipeline')).toEqual({
      kind: 'channel',
      streamId: 5,
      topic: 'deploy pipeline',
    });
    expect(parseNarrowHash('#narrow/channel/5-engineering/topic/deploy/near/123')).toEqual({
      kind: 'channel',
      streamId: 5,
      topic: 'deploy',
      messageId: 123,
    });
    expect(parseNarrowHash('#narrow/dm/12,14-group/with/99')).toEqual({
      kind: 'dm',
      userIds: [12, 14],
      messageId: 99,
    });
    expect(parseNarrowHash('#narrow/pm-with/12-Ben-Okafor')).toEqual({ kind: 'dm', userIds: [12] });
  });

  it('reads any other narrow as the search it is, negations included', () => {
    expect(parseNarrowHash('#narrow/search/lunch')).toEqual({
      kind: 'search',
      terms: [{ operator: 'search', operand: 'lunch', negated: false }],
    });
    expect(parseNarrowHash('#narrow/channel/5-engineering/sender/12-Ben-Okafor/-is/starred')).toEqual({
      kind: 'search',
      terms: [
        { operator: 'channel', operand: '5-engineering', negated: false },
        { operator: 'sender', operand: '12-Ben-Okafor', negated: false },
        { operator: 'is', operand: 'starred', negated: true },
      ],
    });
  });

  it('leaves alone what is not a narrow', () => {
    for (const hash of ['#settings', '', '#narrow', '#narrow/']) expect(parseNarrowHash(hash)).toBeNull();
  });
});
