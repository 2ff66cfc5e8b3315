import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/api';
import {
  choiceLabel,
  choicesFor,
  isAvailableAt,
  isRealmDefault,
  isUserSetting,
  settingsByName,
  settingsTable,
  settingValueSchema,
} from '../../../shared/api/settings-table';

describe('settings table (spec 4.6)', () => {
  it('lists each of the 59 preferences once', () => {
    expect(settingsTable).toHaveLength(59);
    expect(new Set(settingsTable.map((e) => e.name)).size).toBe(59);
  });

  it.each([
    ['default_language', { settings: 'yes', defaults: false, type: 'string' }],
    ['timezone', { settings: 'yes', defaults: false, type: 'string' }],
    ['enable_marketing_emails', { settings: 'yes', defaults: false }],
    ['enable_login_emails', { settings: 'yes', defaults: false }],
    ['wildcard_mentions_notify', { settings: 'see 4.3', defaults: true }],
    ['email_address_visibility', { settings: 'see 4.3', defaults: true, type: 'integer', group: 'privacy' }],
    ['color_scheme', { settings: 'yes', defaults: true, type: 'integer', group: 'display' }],
    ['enable_sounds', { settings: 'yes', defaults: true, type: 'boolean', group: 'notifications' }],
  ])('%s has the S, D and type columns of the spec', (name, expected) => {
    expect(settingsByName.get(name)).toMatchObject(expected);
  });

  it('carries the allowed values with labels', () => {
    expect(settingsByName.get('web_home_view')?.choices?.map((c) => c.value)).toEqual([
      'recent_topics',
      'inbox',
      'all_messages',
    ]);
    expect(settingsByName.get('desktop_icon_count_display')?.choices?.map((c) => c.value)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(choicesFor(settingsByName.get('emojiset')!, 'vendorA')?.map((c) => c.value)).toEqual([
      'text',
      'vendorA',
      'vendorA-blob',
      'vendorB',
    ]);
    expect(choiceLabel(settingsByName.get('color_scheme')!, 2)).toBe('Dark');
    expect(choiceLabel(settingsByName.get('color_scheme')!, 9)).toBe('9');
  });

  it("offers the real service's emoji set names to a server that uses them, and accepts both", () => {
    const emojiset = settingsByName.get('emojiset')!;
    expect(choicesFor(emojiset, 'google-blob')?.map((c) => [c.value, c.label])).toEqual([
      ['text', 'Plain text'],
      ['google', 'Modern set'],
      ['google-blob', 'Classic blob set'],
      ['twitter', 'Second vendor set'],
    ]);
    // `text` is spelled alike: the spec's list, as for any value the real service does not rename.
    expect(choicesFor(emojiset, 'text')?.map((c) => c.value)).toEqual([
      'text',
      'vendorA',
      'vendorA-blob',
      'vendorB',
    ]);
    const schema = settingValueSchema(emojiset);
    for (const value of ['google', 'google-blob', 'twitter', 'vendorA', 'text'])
      expect(schema.safeParse(value).success, value).toBe(true);
    expect(schema.safeParse('apple').success).toBe(false);
  });

  it('splits into the three screen groups', () => {
    const groups = new Set(settingsTable.map((e) => e.group));
    expect([...groups].sort()).toEqual(['display', 'notifications', 'privacy']);
  });

  it('knows which servers have a setting', () => {
    const fontSize = settingsByName.get('web_font_size_px')!;
    expect(isAvailableAt(fontSize, 244)).toBe(false);
    expect(isAvailableAt(fontSize, 245)).toBe(true);
    expect(isAvailableAt(settingsByName.get('twenty_four_hour_time')!, 0)).toBe(true);
  });

  it('PATCH /settings takes column S settings, with typed values', () => {
    const schema = endpoints.updateSettings.params;
    expect(settingsTable.filter(isUserSetting)).toHaveLength(59);
    expect(schema.safeParse({ color_scheme: 2, web_home_view: 'inbox', enable_sounds: false }).success).toBe(
      true,
    );
    expect(schema.safeParse({ color_scheme: 4 }).success).toBe(false);
    expect(schema.safeParse({ web_home_view: 'home' }).success).toBe(false);
    expect(schema.safeParse({ enable_sounds: 'false' }).success).toBe(false);
    expect(schema.safeParse({ web_font_size_px: 14.5 }).success).toBe(false);
    // A setting newer than this table still passes through, as a plain value.
    expect(schema.parse({ web_inbox_show_channel_folders: true })).toEqual({
      web_inbox_show_channel_folders: true,
    });
    expect(schema.safeParse({ web_inbox_show_channel_folders: { x: 1 } }).success).toBe(false);
  });

  it('PATCH /realm/user_settings_defaults takes column D settings only, typed', () => {
    const schema = endpoints.updateRealmUserSettingsDefaults.params;
    const defaults = settingsTable.filter(isRealmDefault).map((e) => e.name);
    expect(defaults).not.toContain('default_language');
    expect(defaults).not.toContain('timezone');
    expect(defaults).not.toContain('enable_login_emails');
    expect(defaults).toHaveLength(55);
    expect(schema.safeParse({ email_address_visibility: 5 }).success).toBe(true);
    expect(schema.safeParse({ email_address_visibility: 6 }).success).toBe(false);
  });
});
