import { describe, expect, it } from 'vitest';
import { age, channelId, demoUsers, sendToChannel, useServer } from './helpers';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';

const DAY = 86400;

/** The role matrix of PATCH /messages/{message_id} under the demo's settings (spec 4.1 rules 3 and 4). */
describe('message edit and move permissions by role', () => {
  const h = useServer();
  let n = 0;
  const roles = () => {
    const u = demoUsers(h.server);
    return {
      owner: u.owner,
      administrator: u.admin,
      moderator: u.moderator,
      member: u.member,
      guest: u.guest,
    };
  };

  async function ownMessage(role: keyof ReturnType<typeof roles>, ageSeconds = 0) {
    const id = await sendToChannel(h.as(roles()[role]), 'general', `matrix ${++n}`, `by ${role}`);
    if (ageSeconds) age(h.server, id, ageSeconds);
    return id;
  }

  const cases: [
    string,
    (role: keyof ReturnType<typeof roles>) => Promise<{ ok: boolean; code?: string }>,
    Record<string, boolean>,
  ][] = [
    [
      'edit own content',
      async (role) => {
        const id = await ownMessage(role);
        const r = await h.as(roles()[role]).call('PATCH', `/messages/${id}`, { content: 'edited' });
        return { ok: r.body.result === 'success', code: r.body.code };
      },
      { owner: true, administrator: true, moderator: true, member: true, guest: true },
    ],
    [
      'rename the topic of a recent message (everyone may by default)',
      async (role) => {
        const id = await ownMessage(role);
        const r = await h.as(roles()[role]).call('PATCH', `/messages/${id}`, { topic: `renamed ${n}` });
        return { ok: r.body.result === 'success', code: r.body.code };
      },
      { owner: true, administrator: true, moderator: true, member: true, guest: true },
    ],
    [
      'move a recent message to another channel (members and above)',
      async (role) => {
        const id = await ownMessage(role);
        const r = await h
          .as(roles()[role])
          .call('PATCH', `/messages/${id}`, { stream_id: channelId(h.server, 'design') });
        return { ok: r.body.result === 'success', code: r.body.code };
      },
      { owner: true, administrator: true, moderator: true, member: true, guest: false },
    ],
    [
      'rename a topic older than the move limit (moderators and above)',
      async (role) => {
        const id = await ownMessage(role, 8 * DAY);
        const r = await h
          .as(roles()[role])
          .call('PATCH', `/messages/${id}`, { topic: `late ${n}`, propagate_mode: 'change_all' });
        return { ok: r.body.result === 'success', code: r.body.code };
      },
      { owner: true, administrator: true, moderator: true, member: false, guest: false },
    ],
  ];

  for (const [what, act, expected] of cases) {
    it(what, async () => {
      for (const role of Object.keys(expected) as (keyof ReturnType<typeof roles>)[]) {
        const result = await act(role);
        expect(result.ok, `${role}: ${what} (${result.code})`).toBe(expected[role]);
      }
    });
  }

  it('time-limit refusals carry MOVE_MESSAGES_TIME_LIMIT_EXCEEDED, permission refusals BAD_REQUEST', async () => {
    const late = await ownMessage('member', 8 * DAY);
    const r = await h.as(roles().member).call('PATCH', `/messages/${late}`, { topic: 'x' });
    expect(r.body.code).toBe('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED');
    const recent = await ownMessage('guest');
    const g = await h
      .as(roles().guest)
      .call('PATCH', `/messages/${recent}`, { stream_id: channelId(h.server, 'design') });
    expect(g.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "You don't have permission to move this message",
    });
  });

  it('follows can_move_messages_between_topics_group when it names a group of users', async () => {
    const { member, member2 } = demoUsers(h.server);
    h.server.realm.settings.can_move_messages_between_topics_group = {
      direct_members: [member2.user_id],
      direct_subgroups: [SYSTEM_GROUPS.administrators],
    };
    try {
      const id = await ownMessage('member');
      expect((await h.as(member).call('PATCH', `/messages/${id}`, { topic: 'no' })).body.result).toBe(
        'error',
      );
      expect((await h.as(member2).call('PATCH', `/messages/${id}`, { topic: 'yes' })).body.result).toBe(
        'success',
      );
      expect(
        (await h.as(roles().owner).call('PATCH', `/messages/${id}`, { topic: 'owner too' })).body.result,
      ).toBe('success');
      expect(
        (await h.as(roles().moderator).call('PATCH', `/messages/${id}`, { topic: 'not moderators' })).body
          .result,
      ).toBe('error');
    } finally {
      h.server.realm.settings.can_move_messages_between_topics_group = SYSTEM_GROUPS.everyone;
    }
  });
});
