import { beforeEach, describe, expect, it } from 'vitest';
import {
  DAILY_INVITE_LIMIT,
  sendInvites,
  visibleInvites,
  type InviteRequest,
} from '../../../../server/realm/invites';
import { ROLE } from '../../../../server/realm/roles';
import { demoRealm, refusal, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

const request = (extra: Partial<InviteRequest>): InviteRequest => ({
  emails: ['new@example.org'],
  expiresInMinutes: undefined,
  inviteAs: ROLE.member,
  streamIds: [],
  groupIds: [],
  includeRealmDefaultSubscriptions: false,
  notifyReferrerOnJoin: true,
  ...extra,
});

describe('POST /invites rules (realm)', () => {
  it('the inviter may not grant a stronger role than their own, nor name what they cannot use', () => {
    const m = d.users.members[0];
    const cases: [Partial<InviteRequest>, string][] = [
      [{ inviteAs: ROLE.moderator }, 'Insufficient permission'],
      [{ inviteAs: 500 }, 'Invalid invite_as'],
      [{ emails: [] }, 'You must specify at least one email address.'],
      [
        { streamIds: [d.channels.leadership.stream_id] },
        `Invalid channel ID ${d.channels.leadership.stream_id}. No invites were sent.`,
      ],
      [{ groupIds: [4242] }, 'Invalid user group ID: 4242'],
    ];
    for (const [extra, msg] of cases)
      expect(refusal(() => sendInvites(d.realm, m, request(extra)))).toMatchObject({ msg });
    expect(refusal(() => sendInvites(d.realm, d.users.guest, request({})))).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect(d.realm.invites.size).toBe(0);
    expect(d.published).toEqual([]);
  });

  it('one malformed address sends nothing', () => {
    expect(
      refusal(() => sendInvites(d.realm, d.users.admin, request({ emails: ['ok@example.org', 'nope'] }))),
    ).toEqual({
      status: 400,
      code: 'INVITATION_FAILED',
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [['nope', 'Invalid address.', false]],
      sent_invitations: false,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    expect(d.realm.invites.size).toBe(0);
    expect(d.published).toEqual([]);
  });

  it('existing accounts are skipped and reported after the others are invited; administrators and the inviter hear of it', () => {
    const m = d.users.members[0];
    const failure = refusal(() =>
      sendInvites(
        d.realm,
        m,
        request({ emails: ['Ada@Northwind.example', 'new@example.org'], expiresInMinutes: 60 }),
      ),
    );
    expect(failure).toMatchObject({
      code: 'INVITATION_FAILED',
      sent_invitations: true,
      errors: [['Ada@Northwind.example', 'Already has an account.', false]],
    });
    expect(visibleInvites(d.realm, m).map((i) => [i.email, i.expiry_date])).toEqual([
      ['new@example.org', d.realm.now() + 3600],
    ]);
    expect(visibleInvites(d.realm, d.users.members[1])).toEqual([]);
    expect(d.published).toEqual([
      {
        userIds: [d.users.owner.user_id, d.users.admin.user_id, m.user_id],
        event: { type: 'invites_changed' },
      },
    ]);
  });

  it(`at most ${DAILY_INVITE_LIMIT} a day per inviter`, () => {
    const emails = Array.from({ length: DAILY_INVITE_LIMIT }, (_, i) => `p${i}@example.org`);
    sendInvites(d.realm, d.users.admin, request({ emails }));
    expect(
      refusal(() => sendInvites(d.realm, d.users.admin, request({ emails: ['one-more@example.org'] }))),
    ).toMatchObject({
      code: 'INVITATION_FAILED',
      daily_limit_reached: true,
      sent_invitations: false,
    });
    expect(d.realm.invites.size).toBe(DAILY_INVITE_LIMIT);
  });
});
