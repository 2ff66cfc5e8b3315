import { beforeEach, describe, expect, it } from 'vitest';
import { updateChannel } from '../../../../server/realm/channel-update';
import { SYSTEM_GROUPS } from '../../../../server/realm/groups';
import { activeHumanIds } from '../../../../server/realm/users';
import { demoRealm, payloads, refusal, types, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

const ids = (users: { user_id: number }[]) => users.map((u) => u.user_id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('PATCH /streams rules (realm)', () => {
  it('who may: the channel must be visible, then administrable; organization-wide settings need an administrator', () => {
    const { design, leadership } = d.channels;
    expect(
      refusal(() => updateChannel(d.realm, d.users.guest, leadership.stream_id, { description: 'x' })),
    ).toMatchObject({
      msg: 'Invalid channel ID',
    });
    expect(
      refusal(() => updateChannel(d.realm, d.users.members[1], design.stream_id, { description: 'x' })),
    ).toMatchObject({
      msg: 'You do not have permission to administer this channel.',
    });
    // A channel administrator who is not an organization administrator.
    design.can_administer_channel_group = {
      direct_members: [d.users.members[1].user_id],
      direct_subgroups: [],
    };
    for (const request of [{ is_default_stream: true }, { message_retention_days: 30 }])
      expect(
        refusal(() => updateChannel(d.realm, d.users.members[1], design.stream_id, request)),
      ).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
    updateChannel(d.realm, d.users.members[1], design.stream_id, { description: 'Pixels' });
    expect(design.description).toBe('Pixels');
  });

  it('refuses invalid combinations, changing nothing', () => {
    const { engineering, general, design } = d.channels;
    const owner = d.users.owner;
    const cases: [number, Parameters<typeof updateChannel>[3], string][] = [
      [engineering.stream_id, { is_private: true, is_web_public: true }, 'Invalid parameters'],
      [engineering.stream_id, { history_public_to_subscribers: false }, 'Invalid parameters'],
      [general.stream_id, { is_private: true }, 'A default channel cannot be private.'],
      [
        design.stream_id,
        { new_name: 'Engineering', description: 'x' },
        "Channel 'engineering' already exists",
      ],
      [design.stream_id, { stream_post_policy: 7 }, 'Invalid stream_post_policy'],
      [design.stream_id, { message_retention_days: 0 }, "Bad value for 'message_retention_days': 0"],
      [
        design.stream_id,
        { description: 'x', can_send_message_group: { new: SYSTEM_GROUPS.internet } },
        "'can_send_message_group' setting cannot be set to 'role:internet' group.",
      ],
    ];
    for (const [id, request, msg] of cases)
      expect(refusal(() => updateChannel(d.realm, owner, id, request))).toMatchObject({ msg });
    expect(design.description).toBe('Visual and interaction design.');
    expect(d.published).toEqual([]);
  });

  it('making a channel private: updates for who still sees it, a delete for who no longer does', () => {
    const { engineering } = d.channels;
    const m3 = d.users.members[2];
    updateChannel(d.realm, d.users.owner, engineering.stream_id, { is_private: true, new_name: 'eng' });
    expect(engineering).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: true,
      name: 'eng',
    });
    expect(types(d.published)).toEqual(['stream', 'stream', 'stream']);
    const [rename, privacy, deletion] = d.published;
    expect(rename!.event).toMatchObject({
      op: 'update',
      property: 'name',
      value: 'eng',
      name: 'engineering',
    });
    expect(privacy!.event).toEqual({
      type: 'stream',
      op: 'update',
      stream_id: engineering.stream_id,
      name: 'eng',
      property: 'invite_only',
      value: true,
      history_public_to_subscribers: true,
      is_web_public: false,
    });
    expect(privacy!.userIds).not.toContain(m3.user_id);
    expect(sorted(privacy!.userIds)).toEqual(
      ids([
        d.users.owner,
        d.users.admin,
        d.users.moderator,
        d.users.members[0],
        d.users.members[1],
        d.users.bot,
      ]),
    );
    expect(deletion).toEqual({
      userIds: [m3.user_id],
      event: {
        type: 'stream',
        op: 'delete',
        streams: [{ stream_id: engineering.stream_id }],
        stream_ids: [engineering.stream_id],
      },
    });
  });

  it('making a private channel public: who now sees it gets it created; becoming a default tells everyone', () => {
    const { leadership } = d.channels;
    updateChannel(d.realm, d.users.admin, leadership.stream_id, {
      is_private: false,
      is_default_stream: true,
    });
    expect(leadership).toMatchObject({
      invite_only: false,
      history_public_to_subscribers: true,
      is_default: true,
    });
    expect(types(d.published)).toEqual(['stream', 'stream', 'stream', 'default_streams']);
    expect(payloads(d.published.slice(0, 2)).map((e) => e.property)).toEqual([
      'invite_only',
      'history_public_to_subscribers',
    ]);
    const created = d.published[2]!;
    expect(created.event).toMatchObject({
      op: 'create',
      streams: [{ stream_id: leadership.stream_id, invite_only: false }],
    });
    expect(sorted(created.userIds)).toEqual(ids([...d.users.members, d.users.bot]));
    expect(d.published[3]).toEqual({
      userIds: activeHumanIds(d.realm),
      event: {
        type: 'default_streams',
        default_streams: [d.channels.general.stream_id, d.channels.random.stream_id, leadership.stream_id],
      },
    });
  });

  it('the deprecated stream_post_policy sets can_send_message_group; unchanged values send nothing', () => {
    const { design } = d.channels;
    updateChannel(d.realm, d.users.owner, design.stream_id, {
      stream_post_policy: 2,
      description: design.description,
    });
    expect(design.can_send_message_group).toBe(SYSTEM_GROUPS.administrators);
    expect(d.published.map((p) => p.event)).toMatchObject([
      { property: 'can_send_message_group', value: SYSTEM_GROUPS.administrators },
    ]);
    updateChannel(d.realm, d.users.owner, design.stream_id, { is_announcement_only: true });
    expect(d.published).toHaveLength(1);
  });
});
