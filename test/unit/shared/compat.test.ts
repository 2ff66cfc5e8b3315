import { describe, expect, it } from 'vitest';
import { endpoints, isRendererEndpoint, mainOnlyEndpoints } from '../../../shared/api';
import { narrowAsPairs, narrowForWire, topicForWire } from '../../../shared/api/compat';
import { toWire, UnsupportedFeatureError } from '../../../shared/api/endpoint';
import { urlTemplateToFormatString } from '../../../shared/api/realm';

describe('narrowForWire', () => {
  const modern = [
    { operator: 'channel', operand: 7 },
    { operator: 'channels', operand: 'public' },
    { operator: 'dm', operand: [3, 9] },
    { operator: 'dm-including', operand: 3 },
    { operator: 'is', operand: 'dm' },
    { operator: 'id', operand: 31 },
    { operator: 'search', operand: 'deploy', negated: true },
  ];

  it('leaves a modern narrow alone on a current server', () => {
    expect(narrowForWire(modern, { featureLevel: 400 })).toEqual(modern);
  });

  it('renames channel operators before 250 only', () => {
    expect(narrowForWire(modern, { featureLevel: 249 }).slice(0, 3)).toEqual([
      { operator: 'stream', operand: 7 },
      { operator: 'streams', operand: 'public' },
      { operator: 'dm', operand: [3, 9] },
    ]);
  });

  it('uses the old DM names before 177 and string IDs before 194', () => {
    expect(narrowForWire(modern, { featureLevel: 100 })).toEqual([
      { operator: 'stream', operand: 7 },
      { operator: 'streams', operand: 'public' },
      { operator: 'pm-with', operand: [3, 9] },
      { operator: 'group-pm-with', operand: 3 },
      { operator: 'is', operand: 'private' },
      { operator: 'id', operand: '31' },
      { operator: 'search', operand: 'deploy', negated: true },
    ]);
  });

  it('handles the legacy pair form', () => {
    expect(
      narrowForWire(
        [
          ['channel', 'design'],
          ['is', 'dm'],
        ],
        { featureLevel: 100 },
      ),
    ).toEqual([
      ['stream', 'design'],
      ['is', 'private'],
    ]);
  });
});

describe('topicForWire (spec 1.5)', () => {
  it('sends the empty topic as (no topic) before 334 and as itself from 334', () => {
    expect(topicForWire('', { featureLevel: 333 })).toBe('(no topic)');
    expect(topicForWire('', { featureLevel: 334 })).toBe('');
    expect(topicForWire('plan', { featureLevel: 0 })).toBe('plan');
  });
});

describe('urlTemplateToFormatString (linkifiers before 176)', () => {
  it.each([
    ['https://t.example/{id}', 'https://t.example/%(id)s'],
    ['https://t.example/{org}/{repo}/issues/{id}', 'https://t.example/%(org)s/%(repo)s/issues/%(id)s'],
    ['https://t.example/search?q=100%', 'https://t.example/search?q=100%%'],
  ])('%s', (template, expected) => {
    expect(urlTemplateToFormatString(template)).toBe(expected);
  });

  it.each([
    'https://t.example/{+path}',
    'https://t.example/{?q}',
    'https://t.example/{id',
    'https://t.example/{}',
  ])('refuses %s', (template) => {
    expect(() => urlTemplateToFormatString(template)).toThrow(UnsupportedFeatureError);
  });
});

describe('binding registry', () => {
  it('keeps the event queue and the API key to the main process', () => {
    expect([...mainOnlyEndpoints].sort()).toEqual([
      'deleteQueue',
      'fetchApiKey',
      'getEvents',
      'register',
      'updatePresence',
    ]);
    // The presence loop reports for the user; a page cannot make them look present.
    expect(isRendererEndpoint('updatePresence')).toBe(false);
    expect(isRendererEndpoint('fetchApiKey')).toBe(false);
    expect(isRendererEndpoint('register')).toBe(false);
    expect(isRendererEndpoint('getEvents')).toBe(false);
    expect(isRendererEndpoint('deleteQueue')).toBe(false);
    expect(isRendererEndpoint('getMessages')).toBe(true);
    expect(isRendererEndpoint('toString')).toBe(false);
    expect(isRendererEndpoint('nonexistent')).toBe(false);
  });

  it('keys every binding by its own name, with a path under /api/v1', () => {
    for (const [key, endpoint] of Object.entries(endpoints)) {
      expect(endpoint.name).toBe(key);
      expect(endpoint.path.startsWith('/')).toBe(true);
    }
  });

  it('validates renderer params before anything is encoded', () => {
    expect(endpoints.updateMessage.params.safeParse({ message_id: '42' }).success).toBe(false);
    expect(endpoints.setTypingStatus.params.safeParse({ op: 'typing' }).success).toBe(false);
    expect(
      endpoints.updateUserTopic.params.safeParse({ stream_id: 7, topic: 'x', visibility_policy: 4 }).success,
    ).toBe(false);
    expect(
      endpoints.sendInvites.params.safeParse({ invitee_emails: 'a@b', stream_ids: [], invite_as: 500 })
        .success,
    ).toBe(false);
  });

  it('a path parameter is never left in the fields', () => {
    const wire = toWire(
      endpoints.updateDraft,
      { draft_id: 5, draft: { type: '', to: [], topic: '', content: 'x' } },
      { featureLevel: 400 },
    );
    expect(Object.keys(wire.fields)).toEqual(['draft']);
  });
});

describe('narrowAsPairs (POST /register)', () => {
  it('refuses a negated element rather than send its opposite', () => {
    expect(() =>
      narrowAsPairs([{ operator: 'channel', operand: 'design', negated: true }], { featureLevel: 400 }),
    ).toThrow(/negated/);
  });
});
