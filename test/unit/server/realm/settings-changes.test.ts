import { beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_GROUPS } from '../../../../server/realm/groups';
import { updateRealmSettings } from '../../../../server/realm/realm-settings-changes';
import {
  setUserSetting,
  updateOwnSettings,
  updateUserSettingsDefaults,
} from '../../../../server/realm/user-settings-changes';
import { activeHumanIds } from '../../../../server/realm/users';
import { demoRealm, payloads, refusal, types, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

describe('organization settings (realm)', () => {
  it('administrators only', () => {
    expect(refusal(() => updateRealmSettings(d.realm, d.users.moderator, { name: 'X' }))).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect(d.realm.settings.name).toBe('Northwind Labs');
  });

  it('checks every value before storing any', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Fine', digest_weekday: 7 }, 'Invalid digest_weekday'],
      [{ name: 'Fine', message_content_edit_limit_seconds: 0 }, 'Invalid message_content_edit_limit_seconds'],
      [
        { name: 'Fine', moderation_request_channel_id: d.channels.general.stream_id },
        'Moderation request channel must be private.',
      ],
      [
        { name: 'Fine', can_create_groups: { new: SYSTEM_GROUPS.internet } },
        "'can_create_groups' setting cannot be set to 'role:internet' group.",
      ],
      [
        { name: 'Fine', can_create_groups: { new: SYSTEM_GROUPS.owners, old: SYSTEM_GROUPS.nobody } },
        "'old' value does not match the expected value.",
      ],
    ];
    for (const [values, msg] of cases)
      expect(refusal(() => updateRealmSettings(d.realm, d.users.owner, values))).toMatchObject({ msg });
    expect(d.realm.settings.name).toBe('Northwind Labs');
    expect(d.published).toEqual([]);
  });

  it("one event per changed setting, in the real service's form, the description rendered; no change, no event", () => {
    updateRealmSettings(d.realm, d.users.admin, {
      name: ' Northwind ',
      description: 'We *ship*',
      allow_message_editing: true,
      message_content_edit_limit_seconds: 'unlimited',
      can_create_groups: { new: SYSTEM_GROUPS.moderators, old: SYSTEM_GROUPS.members },
    });
    expect(d.realm.settings).toMatchObject({
      name: 'Northwind',
      description: 'We *ship*',
      message_content_edit_limit_seconds: null,
      can_create_groups: SYSTEM_GROUPS.moderators,
    });
    const everyone = activeHumanIds(d.realm);
    expect(d.published).toEqual([
      { userIds: everyone, event: { type: 'realm', op: 'update', property: 'name', value: 'Northwind' } },
      {
        userIds: everyone,
        event: { type: 'realm', op: 'update', property: 'description', value: '<p>We <em>ship</em></p>' },
      },
      {
        userIds: everyone,
        event: {
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { message_content_edit_limit_seconds: null },
        },
      },
      {
        userIds: everyone,
        event: {
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { can_create_groups: SYSTEM_GROUPS.moderators },
        },
      },
    ]);
    updateRealmSettings(d.realm, d.users.admin, { name: 'Northwind', allow_message_editing: true });
    expect(d.published).toHaveLength(4);
  });

  it('defaults for new users: administrators only, column D only, one event per changed preference', () => {
    expect(
      refusal(() => updateUserSettingsDefaults(d.realm, d.users.members[0], { color_scheme: 2 })),
    ).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    const memberScheme = d.users.members[0].settings.color_scheme;
    updateUserSettingsDefaults(d.realm, d.users.admin, {
      color_scheme: 3,
      enter_sends: true,
      default_language: 'de',
    });
    expect(d.realm.userSettingsDefaults).toMatchObject({
      color_scheme: 3,
      enter_sends: true,
      default_language: 'en',
    });
    expect(d.users.members[0].settings.color_scheme).toBe(memberScheme);
    expect(payloads(d.published).map((e) => [e.type, e.property])).toEqual([
      ['realm_user_settings_defaults', 'color_scheme'],
      ['realm_user_settings_defaults', 'enter_sends'],
    ]);
    expect(
      refusal(() => updateUserSettingsDefaults(d.realm, d.users.admin, { user_list_style: 4 })),
    ).toMatchObject({
      msg: 'Invalid user_list_style',
    });
  });
});

describe("a user's own settings (realm)", () => {
  it('validates name, email and password before changing anything', () => {
    const user = d.users.members[0];
    const cases: [Parameters<typeof updateOwnSettings>[2], string][] = [
      [
        { full_name: 'Dima', new_password: 'longenough', old_password: 'wrong', settings: {} },
        'Wrong password!',
      ],
      [{ full_name: 'Dima', email: 'not an address', settings: {} }, 'Invalid address.'],
      [
        { full_name: 'Dima', email: d.users.owner.email.toUpperCase(), settings: {} },
        'Email is already in use.',
      ],
      [{ full_name: 'Di@ma', settings: {} }, 'Invalid characters in name!'],
      // It would read as a mention's `Name|id`.
      [{ full_name: 'Dima|42', settings: {} }, 'Invalid format!'],
      [{ full_name: 'Dima', settings: { color_scheme: 9 } }, 'Invalid color_scheme'],
    ];
    for (const [change, msg] of cases)
      expect(refusal(() => updateOwnSettings(d.realm, user, change))).toMatchObject({ msg });
    expect(user.full_name).toBe('Dmitri Ivanov');
    expect(d.published).toEqual([]);
  });

  it('a new name tells everyone who can see the user; an email waits for confirmation; the password changes', () => {
    const user = d.users.members[0];
    updateOwnSettings(d.realm, user, {
      full_name: ' Dima ',
      email: 'dima@northwind.example',
      old_password: user.password,
      new_password: 'a-new-one',
      settings: {},
    });
    expect(user).toMatchObject({
      full_name: 'Dima',
      email: 'dmitri@northwind.example',
      pending_email: 'dima@northwind.example',
      password: 'a-new-one',
    });
    expect(d.published).toHaveLength(1);
    expect(d.published[0]!.event).toEqual({
      type: 'realm_user',
      op: 'update',
      person: { user_id: user.user_id, full_name: 'Dima' },
    });
    expect(d.published[0]!.userIds).toContain(d.users.owner.user_id);
  });

  it('preferences: one user_settings event each; a time zone also updates the person; turning sync off drops drafts', () => {
    const owner = d.users.owner;
    expect([...d.realm.drafts.values()].some((x) => x.user_id === owner.user_id)).toBe(true);
    updateOwnSettings(d.realm, owner, {
      settings: {
        timezone: 'Asia/Tokyo',
        default_language: 'de',
        enable_drafts_synchronization: false,
        enter_sends: owner.settings.enter_sends,
      },
    });
    expect(owner.timezone).toBe('Asia/Tokyo');
    expect([...d.realm.drafts.values()].some((x) => x.user_id === owner.user_id)).toBe(false);
    expect(types(d.published)).toEqual(['user_settings', 'user_settings', 'user_settings', 'realm_user']);
    expect(d.published.map((p) => p.event)).toMatchObject([
      { property: 'enable_drafts_synchronization', value: false },
      { property: 'default_language', value: 'de', language_name: 'German' },
      { property: 'timezone', value: 'Asia/Tokyo' },
      { person: { user_id: owner.user_id, timezone: 'Asia/Tokyo' } },
    ]);
  });

  it('email visibility: each viewer whose view of the address changes is told', () => {
    const user = d.users.members[0];
    user.settings.email_address_visibility = 1; // everyone
    updateOwnSettings(d.realm, user, { settings: { email_address_visibility: 3 } }); // administrators
    const told = d.published.filter((p) => types([p])[0] === 'realm_user');
    const ids = told.flatMap((p) => p.userIds).sort((a, b) => a - b);
    const nonAdmins = [d.users.moderator, ...d.users.members.slice(1), d.users.guest, d.users.bot].map(
      (u) => u.user_id,
    );
    expect(ids).toEqual(nonAdmins.sort((a, b) => a - b));
    for (const p of told)
      expect(p.event).toEqual({
        type: 'realm_user',
        op: 'update',
        person: { user_id: user.user_id, delivery_email: null },
      });
  });

  it('setUserSetting tells nobody when nothing changes', () => {
    const user = d.users.members[1];
    setUserSetting(d.realm, user, 'presence_enabled', user.settings.presence_enabled);
    expect(d.published).toEqual([]);
    setUserSetting(d.realm, user, 'presence_enabled', !user.settings.presence_enabled);
    expect(d.published.map((p) => p.userIds)).toEqual([[user.user_id]]);
    expect(types(d.published)).toEqual(['user_settings']);
  });
});
