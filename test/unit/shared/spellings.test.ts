import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/api';
import { decodeEvent } from '../../../shared/api/events';
import { featureLevelOf } from '../../../shared/api/server';

/**
 * The spec's neutral names and the real service's own (`zulip_*`, `zulip_extra_emoji`) decode to
 * the same values: a real deployment must not read as feature level 0.
 */

const success = { result: 'success', msg: '' };

const versions = {
  spec: { service_feature_level: 400, service_version: '11.0', service_merge_base: '11.0-12-gabc' },
  real: { zulip_feature_level: 400, zulip_version: '11.0', zulip_merge_base: '11.0-12-gabc' },
};

describe.each(Object.entries(versions))('version fields, %s spelling', (_spelling, fields) => {
  it('GET /server_settings', () => {
    const decoded = endpoints.getServerSettings.response.parse({ ...success, realm_name: 'Acme', ...fields });
    expect(featureLevelOf(decoded)).toBe(400);
    expect(decoded.service_version).toBe('11.0');
    expect(decoded.service_merge_base).toBe('11.0-12-gabc');
  });

  it('POST /register', () => {
    const decoded = endpoints.register.response.parse({
      ...success,
      queue_id: '1:2',
      last_event_id: -1,
      ...fields,
    });
    expect(decoded.service_feature_level).toBe(400);
    expect(decoded.service_version).toBe('11.0');
    expect(decoded.service_merge_base).toBe('11.0-12-gabc');
  });
});

describe('version fields: edge cases', () => {
  it('absent in both spellings is level 0 (spec 9.2)', () => {
    expect(featureLevelOf(endpoints.getServerSettings.response.parse(success))).toBe(0);
  });

  it("the spec's own field wins when a server sends both", () => {
    const decoded = endpoints.getServerSettings.response.parse({
      ...success,
      service_feature_level: 390,
      zulip_feature_level: 400,
    });
    expect(featureLevelOf(decoded)).toBe(390);
  });

  it('a real-spelled field of the wrong type is still rejected', () => {
    expect(
      endpoints.getServerSettings.response.safeParse({ ...success, zulip_feature_level: 'x' }).success,
    ).toBe(false);
  });
});

describe.each(['service_extra_emoji', 'zulip_extra_emoji'])('reaction type %s', (type) => {
  it('in a message reaction', () => {
    const decoded = endpoints.getMessages.response.parse({
      ...success,
      anchor: 1,
      found_anchor: true,
      found_oldest: true,
      found_newest: true,
      history_limited: false,
      messages: [
        {
          id: 1,
          type: 'stream',
          sender_id: 9,
          sender_email: 'a@x',
          sender_full_name: 'A',
          content: '<p>x</p>',
          display_recipient: 'general',
          stream_id: 1,
          recipient_id: 1,
          subject: 't',
          timestamp: 1,
          flags: [],
          reactions: [{ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: type, user_id: 9 }],
        },
      ],
    });
    expect(decoded.messages[0]!.reactions![0]!.reaction_type).toBe('service_extra_emoji');
  });

  it('in reaction and user_status events and a fetched status', () => {
    const reaction = decodeEvent({
      id: 1,
      type: 'reaction',
      op: 'add',
      message_id: 1,
      emoji_name: 'zulip',
      emoji_code: 'zulip',
      reaction_type: type,
      user_id: 9,
    });
    expect(reaction).toMatchObject({ kind: 'known', reaction_type: 'service_extra_emoji' });
    const status = decodeEvent({
      id: 2,
      type: 'user_status',
      user_id: 9,
      emoji_name: 'zulip',
      reaction_type: type,
    });
    expect(status).toMatchObject({ kind: 'known', reaction_type: 'service_extra_emoji' });
    const fetched = endpoints.getUserStatus.response.parse({
      ...success,
      status: { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: type },
    });
    expect(fetched.status.reaction_type).toBe('service_extra_emoji');
  });
});

describe("the real service's documented emoji examples decode unchanged", () => {
  it('status car / 1f697 and reaction octopus / 1f419', () => {
    const status = endpoints.getUserStatus.response.parse({
      ...success,
      status: {
        status_text: 'on vacation',
        emoji_name: 'car',
        emoji_code: '1f697',
        reaction_type: 'unicode_emoji',
      },
    });
    expect(status.status).toMatchObject({
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
    const reaction = decodeEvent({
      id: 3,
      type: 'reaction',
      op: 'add',
      message_id: 32,
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
      user_id: 10,
    });
    expect(reaction).toMatchObject({ emoji_name: 'octopus', emoji_code: '1f419' });
  });
});
