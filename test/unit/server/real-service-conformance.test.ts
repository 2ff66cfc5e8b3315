import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, useServer } from './helpers';

// Where the spec says "not shown", the reference server answers as the real service does at
// feature level 400 (issue 12 part 3). Each case here failed before its fix.
const h = useServer();

describe('parameters', () => {
  it('ignored_parameters_unsupported is sorted', async () => {
    const { member } = demoUsers(h.server);
    const r = await h
      .as(member)
      .ok('PATCH', '/settings', { zeta: 1, alpha: 2, twenty_four_hour_time: true, mid: 3 });
    expect(r.ignored_parameters_unsupported).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('`topic` and its alias `subject` together are refused', async () => {
    const { member } = demoUsers(h.server);
    const before = h.server.realm.messages.length;
    const r = await h.as(member).call('POST', '/messages', {
      type: 'stream',
      to: channelId(h.server, 'general'),
      topic: 'one',
      subject: 'other',
      content: 'which topic?',
    });
    expect(r).toMatchObject({
      status: 400,
      body: {
        result: 'error',
        code: 'REQUEST_CONFUSING_VAR',
        msg: "Can't decide between 'topic' and 'subject' arguments",
      },
    });
    expect(h.server.realm.messages.length).toBe(before);
  });
});

describe('administrator-only refusals', () => {
  it('use the real service’s code, UNAUTHORIZED_PRINCIPAL', async () => {
    const { member } = demoUsers(h.server);
    const refusals = [
      await h.as(member).call('PATCH', '/realm/user_settings_defaults', { color_scheme: 2 }),
      await h.as(member).call('PATCH', '/realm', { name: 'Taken over' }),
    ];
    for (const r of refusals)
      expect(r.body).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
  });
});
