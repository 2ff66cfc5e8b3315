import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { addRealmEmoji } from '../../../server/realm/emoji';

const h = useServer();

describe('POST /users/me/status (4.11)', () => {
  it('sets text and emoji, with a user_status event to everyone', async () => {
    const { member, member2 } = demoUsers(h.server);
    const other = await h.as(member2).register({ event_types: ['user_status'] });
    await h
      .as(member)
      .ok('POST', '/users/me/status', { status_text: '  In a meeting ', emoji_name: 'calendar' });
    expect(member.status).toMatchObject({
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    });
    expect(await other.drain()).toEqual([
      expect.objectContaining({
        type: 'user_status',
        user_id: member.user_id,
        status_text: 'In a meeting',
        emoji_name: 'calendar',
        emoji_code: '1f4c6',
        reaction_type: 'unicode_emoji',
      }),
    ]);
    const read = await h.as(member2).ok('GET', `/users/${member.user_id}/status`);
    expect(read.status).toEqual({
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c6',
      reaction_type: 'unicode_emoji',
    });
  });

  it('only passed parameters change; an empty status_text clears the text; an empty emoji_name clears the emoji', async () => {
    const { member } = demoUsers(h.server);
    const q = await h.as(member).register({ event_types: ['user_status'] });
    await h.as(member).ok('POST', '/users/me/status', { status_text: 'Lunch', emoji_name: 'coffee' });
    await h.as(member).ok('POST', '/users/me/status', { status_text: '' });
    expect(member.status).toMatchObject({ status_text: '', emoji_name: 'coffee' });
    await h.as(member).ok('POST', '/users/me/status', { emoji_name: '' });
    expect(member.status).toMatchObject({ emoji_name: '', emoji_code: '', reaction_type: '' });
    const events = await q.drain();
    expect(events[1]).toEqual(expect.objectContaining({ status_text: '' }));
    expect(events[1]).not.toHaveProperty('emoji_name');
    expect(events[2]).toEqual(expect.objectContaining({ emoji_name: '', emoji_code: '', reaction_type: '' }));
    expect(events[2]).not.toHaveProperty('status_text');
  });

  it('custom and service emoji are accepted with their reaction types', async () => {
    const { member } = demoUsers(h.server);
    const custom = [...h.server.realm.emoji.values()].find((e) => e.name === 'northwind')!;
    await h.as(member).ok('POST', '/users/me/status', { emoji_name: 'northwind' });
    expect(member.status).toMatchObject({ emoji_code: String(custom.id), reaction_type: 'realm_emoji' });
    await h.as(member).ok('POST', '/users/me/status', {
      emoji_name: 'northwind',
      emoji_code: String(custom.id),
      reaction_type: 'realm_emoji',
    });
    await h.as(member).ok('POST', '/users/me/status', {
      emoji_name: 'service',
      emoji_code: 'service',
      reaction_type: 'service_extra_emoji',
    });
    expect(member.status.reaction_type).toBe('service_extra_emoji');
  });

  it('away is the negation of presence_enabled', async () => {
    const { member3 } = demoUsers(h.server);
    const q = await h.as(member3).register({
      event_types: ['user_status', 'user_settings'],
      client_capabilities: { user_settings_object: true },
    });
    await h.as(member3).ok('POST', '/users/me/status', { away: true });
    expect(member3.settings.presence_enabled).toBe(false);
    expect(member3.status.away).toBe(true);
    const events = await q.drain();
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'user_status', user_id: member3.user_id, away: true }),
        expect.objectContaining({ type: 'user_settings', property: 'presence_enabled', value: false }),
      ]),
    );
    await h.as(member3).ok('POST', '/users/me/status', { away: false });
    expect(member3.settings.presence_enabled).toBe(true);
  });

  it('every error row of part 7, with its exact msg', async () => {
    const { member2 } = demoUsers(h.server);
    const realm = h.server.realm;
    const gone = addRealmEmoji(realm, 'retired', '/static/emoji/retired.svg', null);
    gone.deactivated = true;
    const before = { ...member2.status };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Client did not pass any new values.'],
      [{ status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
      [
        { emoji_code: '1f4c6' },
        'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
      ],
      [
        { reaction_type: 'unicode_emoji' },
        'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
      ],
      [{ emoji_name: 'no_such_emoji_anywhere' }, "Emoji 'no_such_emoji_anywhere' does not exist"],
      [{ emoji_name: 'bad name!' }, 'Invalid emoji name.'],
      [{ emoji_name: 'calendar', emoji_code: '1f334' }, 'Invalid emoji name.'],
      [
        { emoji_name: 'northwind', emoji_code: '9999', reaction_type: 'realm_emoji' },
        'Invalid custom emoji.',
      ],
      [{ emoji_name: 'calendar', emoji_code: 'zzzz', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
      [
        { emoji_name: 'retired', emoji_code: String(gone.id), reaction_type: 'realm_emoji' },
        'This custom emoji has been deactivated.',
      ],
      [{ emoji_name: 'calendar', emoji_code: '1f4c6', reaction_type: 'sticker' }, 'Invalid emoji type.'],
    ];
    for (const [params, msg] of cases) {
      const r = await h.as(member2).call('POST', '/users/me/status', params);
      expect(r.body, JSON.stringify(params)).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect(member2.status).toEqual(before);
    // Exactly 60 characters is fine.
    await h.as(member2).ok('POST', '/users/me/status', { status_text: 'x'.repeat(60) });
  });
});

describe('GET /users/{user_id}/status', () => {
  it('an empty status is an empty object; unknown users are refused', async () => {
    const { member, owner } = demoUsers(h.server);
    expect((await h.as(member).ok('GET', `/users/${owner.user_id}/status`)).status).toEqual({});
    expect((await h.as(member).call('GET', '/users/99999/status')).body.msg).toBe('No such user');
  });
});
