// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsByName, settingsTable } from '../../../../shared/api/settings-table';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { PersonalSettings } from '../../../../renderer/src/features/settings/PersonalSettings';
import {
  hashOf,
  sectionFromHash,
  useSettingsScreen,
} from '../../../../renderer/src/features/settings/screen-store';
import {
  controlKind,
  groupedSettings,
  parseInteger,
  pickerOptions,
  settingHint,
} from '../../../../renderer/src/features/settings/setting-controls';
// The screen's content, which SettingsScreen loads on first use (its loading: test/e2e/lazy-screens.spec.ts).
import { SettingsPanel } from '../../../../renderer/src/features/settings/SettingsPanel';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, decoded, SELF } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(() => {
  cleanup();
  useSettingsScreen.getState().close();
});

const entry = (name: string) => settingsByName.get(name)!;

describe('setting controls from the table', () => {
  it('leaves out hints about one’s own account from the defaults for new users', () => {
    expect(settingHint(entry('enable_drafts_synchronization'))).toContain('deletes the drafts');
    expect(settingHint(entry('enable_drafts_synchronization'), true)).toBeUndefined();
    expect(settingHint(entry('timezone'), true)).toBeUndefined();
    expect(settingHint(entry('web_line_height_percent'), true)).toBe(
      settingHint(entry('web_line_height_percent')),
    );
  });

  it('picks the control by type and allowed values', () => {
    expect(controlKind(entry('twenty_four_hour_time'))).toBe('toggle');
    expect(controlKind(entry('color_scheme'))).toBe('choice');
    expect(controlKind(entry('web_home_view'))).toBe('choice');
    expect(controlKind(entry('web_font_size_px'))).toBe('number');
    expect(controlKind(entry('timezone'))).toBe('picker');
    expect(controlKind(entry('default_language'))).toBe('picker');
    expect(controlKind(entry('notification_sound'))).toBe('picker');
  });

  it('offers the server’s notification sounds and none, and keeps a value it does not list', () => {
    const sound = entry('notification_sound');
    expect(pickerOptions(sound, 'ding', { sounds: ['chime', 'ding'] })).toEqual([
      { value: 'none', label: 'None' },
      { value: 'chime', label: 'Chime' },
      { value: 'ding', label: 'Ding' },
    ]);
    expect(pickerOptions(sound, 'zulip', { sounds: ['chime'] }).map((o) => o.value)).toEqual([
      'zulip',
      'none',
      'chime',
    ]);
  });

  it('groups as the service does and hides settings the server is too old for', () => {
    const all = groupedSettings(() => true, 10_000);
    expect(all.map((g) => g.group)).toEqual(['display', 'notifications', 'privacy']);
    expect(all.flatMap((g) => g.entries)).toHaveLength(settingsTable.length);
    const old = groupedSettings(() => true, 100).flatMap((g) => g.entries.map((e) => e.name));
    expect(old).not.toContain('hide_ai_features');
    expect(old).toContain('twenty_four_hour_time');
  });

  it('accepts only whole numbers in number fields', () => {
    expect(parseInteger(' 16 ')).toBe(16);
    expect(parseInteger('1.5')).toBeNull();
    expect(parseInteger('abc')).toBeNull();
  });

  it('maps sections to and from the location hash', () => {
    expect(hashOf('org-defaults')).toBe('#settings/org-defaults');
    expect(sectionFromHash('#settings/drafts')).toBe('drafts');
    expect(sectionFromHash('#settings/nope')).toBeNull();
    expect(sectionFromHash('')).toBeNull();
  });
});

describe('PersonalSettings', () => {
  const state = () =>
    baseState({
      service_feature_level: 400,
      user_settings: {
        twenty_four_hour_time: false,
        color_scheme: 1,
        web_font_size_px: 14,
        enter_sends: true,
      },
    });

  it('renders every column-S preference with the right control', () => {
    const { render } = setup(state());
    render(<PersonalSettings />);
    expect(screen.getByTestId('setting-twenty_four_hour_time')).toHaveProperty('type', 'checkbox');
    expect(screen.getByTestId('setting-color_scheme').tagName).toBe('SELECT');
    expect(screen.getByTestId('setting-web_font_size_px')).toHaveProperty('type', 'number');
    expect(screen.getByTestId('setting-default_language')).toBeTruthy();
    expect(screen.getByTestId('setting-enable_login_emails')).toBeTruthy();
    const choices = within(screen.getByTestId('setting-color_scheme')).getAllByRole('option');
    expect(choices.map((o) => o.textContent)).toEqual(['Automatic', 'Dark', 'Light']);
  });

  it('a name being typed is kept when the name changes elsewhere meanwhile; once saved, the field follows the server', async () => {
    const { queryClient, render } = setup(baseState());
    render(<PersonalSettings />);
    // Looked up each time: the field must be the same one, not a new one showing another name.
    const field = () => screen.getByTestId('full-name') as HTMLInputElement;
    expect(field().value).toBe('Self Person');
    const rename = (full_name: string, id: number) =>
      act(() =>
        applyEvents(
          queryClient,
          decoded([{ id, type: 'realm_user', op: 'update', person: { user_id: SELF, full_name } }]),
        ),
      );
    // Untouched, the field shows the name as it is now.
    rename('Renamed Before', 1);
    await waitFor(() => expect(field().value).toBe('Renamed Before'));
    fireEvent.change(field(), { target: { value: 'Half-typed new name' } });
    rename('Renamed Elsewhere', 2);
    await waitFor(() => expect(screen.getByTestId('full-name-save')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(field().value).toBe('Half-typed new name');
    // Saved (the server's name is now the one typed): the field follows the server again.
    rename('Half-typed new name', 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    rename('Renamed Again', 4);
    await waitFor(() => expect(field().value).toBe('Renamed Again'));
  });

  it('a name that differs from the current one only by spaces around it is not a change: nothing to save, nothing sent', () => {
    const { bridge, render } = setup(baseState());
    bridge.handlers.updateSettings = () => ({});
    render(<PersonalSettings />);
    fireEvent.change(screen.getByTestId('full-name'), { target: { value: ' Self Person  ' } });
    expect(screen.getByTestId('full-name-save')).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('full-name'));
    expect(bridge.callsTo('updateSettings')).toEqual([]);
  });

  it('a new name whose answer was lost says so until the rename event shows it saved', async () => {
    const { bridge, queryClient, render } = setup(baseState());
    bridge.handlers.updateSettings = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
    };
    render(<PersonalSettings />);
    fireEvent.change(screen.getByTestId('full-name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByTestId('full-name-save'));
    expect((await screen.findByTestId('full-name-error')).textContent).toMatch(/could not reach/i);
    act(() =>
      applyEvents(
        queryClient,
        decoded([
          { id: 1, type: 'realm_user', op: 'update', person: { user_id: SELF, full_name: 'Ada Lovelace' } },
        ]),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('full-name-error')).toBeNull());
    expect((screen.getByTestId('full-name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  it('offers the notification sounds the server lists in user_settings, or at the top level, in a picker', () => {
    for (const where of ['nested', 'top'] as const) {
      const base = state();
      const sounds = ['chime', 'ding'];
      const withSounds =
        where === 'nested'
          ? {
              ...base,
              user_settings: {
                ...base.user_settings,
                notification_sound: 'chime',
                available_notification_sounds: sounds,
              },
            }
          : {
              ...base,
              user_settings: { ...base.user_settings, notification_sound: 'chime' },
              available_notification_sounds: sounds,
            };
      const { render } = setup(withSounds);
      const view = render(<PersonalSettings />);
      const field = screen.getByTestId('setting-notification_sound') as HTMLSelectElement;
      expect(field.tagName, where).toBe('SELECT');
      expect(field.value, where).toBe('chime');
      expect(
        [...field.querySelectorAll('option')].map((o) => o.value),
        where,
      ).toEqual(['none', 'chime', 'ding']);
      view.unmount();
    }
  });

  it('offers time zone and language as pickers with readable names, in plain words, and says Saved', async () => {
    const { bridge, render } = setup(state());
    bridge.handlers.updateSettings = () => ({ result: 'success', msg: '' });
    render(<PersonalSettings />);
    const language = screen.getByTestId('setting-default_language');
    expect(language.tagName).toBe('SELECT');
    const languages = within(language)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(languages).toContain('Deutsch (German)');
    const zone = screen.getByTestId('setting-timezone');
    expect(zone.tagName).toBe('SELECT');
    const zones = within(zone).getAllByRole('option') as HTMLOptionElement[];
    expect(zones[0]!.textContent).toBe('Not set');
    expect(zones.find((o) => o.value === 'Europe/Berlin')?.textContent).toMatch(
      /^Europe\/Berlin \(GMT[+-]\d/,
    );
    // The spec's wording is not shown to people.
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/default true|IANA|language code the server|sound name/);
    fireEvent.change(language, { target: { value: 'de' } });
    await waitFor(() => expect(bridge.callsTo('updateSettings')).toEqual([{ default_language: 'de' }]));
    expect((await screen.findByTestId('setting-default_language-saved')).textContent).toContain('Saved');
    fireEvent.change(zone, { target: { value: 'Asia/Tokyo' } });
    await waitFor(() => expect(bridge.callsTo('updateSettings')[1]).toEqual({ timezone: 'Asia/Tokyo' }));
  });

  it('sends a change at once and keeps it', async () => {
    const { bridge, render } = setup(state());
    bridge.handlers.updateSettings = () => ({ result: 'success', msg: '' });
    render(<PersonalSettings />);
    fireEvent.click(screen.getByTestId('setting-twenty_four_hour_time'));
    await waitFor(() => expect(bridge.callsTo('updateSettings')).toEqual([{ twenty_four_hour_time: true }]));
    await waitFor(() =>
      expect(screen.getByTestId('setting-twenty_four_hour_time')).toHaveProperty('checked', true),
    );
    fireEvent.change(screen.getByTestId('setting-color_scheme'), { target: { value: '2' } });
    await waitFor(() => expect(bridge.callsTo('updateSettings')[1]).toEqual({ color_scheme: 2 }));
  });

  it('shows the refusal beside what was typed, and keeps it on Esc', async () => {
    const { bridge, render } = setup(state());
    bridge.handlers.updateSettings = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Invalid web_font_size_px'));
    };
    render(<PersonalSettings />);
    const field = screen.getByTestId('setting-web_font_size_px') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '20' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((await screen.findByTestId('setting-web_font_size_px-error')).textContent).toBe(
      'Invalid web_font_size_px',
    );
    // Kept, to be fixed, also on Esc (which leaves the field: README, and SettingsShell).
    expect(field.value).toBe('20');
    expect(bridge.callsTo('updateSettings')).toEqual([{ web_font_size_px: 20 }]);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('20');
  });

  it('a change whose answer was lost says so until its event shows the server saved it after all', async () => {
    const { bridge, render, queryClient } = setup(state());
    bridge.handlers.updateSettings = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
    };
    render(<PersonalSettings />);
    const toggle = screen.getByTestId('setting-twenty_four_hour_time');
    fireEvent.click(toggle);
    const error = await screen.findByTestId('setting-twenty_four_hour_time-error');
    expect(error.textContent).toMatch(/could not reach the server/i);
    expect(toggle).toHaveProperty('checked', false);
    // Another setting changing says nothing about this one.
    act(() =>
      applyEvents(
        queryClient,
        decoded([{ id: 1, type: 'user_settings', op: 'update', property: 'enter_sends', value: false }]),
      ),
    );
    expect(screen.getByTestId('setting-twenty_four_hour_time-error')).toBeTruthy();

    act(() =>
      applyEvents(
        queryClient,
        decoded([
          { id: 2, type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
        ]),
      ),
    );
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(screen.queryByTestId('setting-twenty_four_hour_time-error')).toBeNull();
  });

  it('says the range of a bounded number and sends nothing outside it, keeping what was typed', () => {
    const { bridge, render } = setup(state());
    bridge.handlers.updateSettings = () => ({});
    render(<PersonalSettings />);
    const field = screen.getByTestId('setting-web_font_size_px') as HTMLInputElement;
    expect(field.min).toBe('8');
    expect(field.max).toBe('40');
    fireEvent.change(field, { target: { value: '200' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByTestId('setting-web_font_size_px-invalid').textContent).toBe(
      'Enter a whole number from 8 to 40.',
    );
    // Read with the field: it is what describes the field now.
    const describedBy = field.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(screen.getByTestId('setting-web_font_size_px-invalid').id);
    expect(field.value).toBe('200');
    expect(bridge.callsTo('updateSettings')).toEqual([]);
  });

  it('follows user_settings events from another window', async () => {
    const { render, queryClient } = setup(state());
    render(<PersonalSettings />);
    expect(screen.getByTestId('setting-twenty_four_hour_time')).toHaveProperty('checked', false);
    applyEvents(
      queryClient,
      decoded([
        { id: 1, type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('setting-twenty_four_hour_time')).toHaveProperty('checked', true),
    );
  });

  it('a refused password or email change says why until the person edits it again', async () => {
    const { bridge, render } = setup(state());
    bridge.handlers.updateSettings = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Wrong password!'));
    };
    render(<PersonalSettings />);
    fireEvent.change(screen.getByTestId('old-password'), { target: { value: 'guess' } });
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByTestId('repeat-password'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByTestId('password-save'));
    expect((await screen.findByTestId('password-error')).textContent).toBe('Wrong password!');
    fireEvent.change(screen.getByTestId('old-password'), { target: { value: 'guess again' } });
    expect(screen.queryByTestId('password-error')).toBeNull();

    fireEvent.change(screen.getByTestId('new-email'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByTestId('email-save'));
    await screen.findByTestId('email-error');
    fireEvent.change(screen.getByTestId('new-email'), { target: { value: 'free@example.com' } });
    expect(screen.queryByTestId('email-error')).toBeNull();
  });

  it('needs the current password to change it, and shows the email confirmation message', async () => {
    const { bridge, render } = setup(state());
    bridge.handlers.updateSettings = () => ({});
    render(<PersonalSettings />);
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByTestId('repeat-password'), { target: { value: 'new-secret' } });
    expect(screen.getByTestId('password-save')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('old-password'), { target: { value: 'old-secret' } });
    fireEvent.click(screen.getByTestId('password-save'));
    await screen.findByTestId('password-done');
    expect(bridge.callsTo('updateSettings')).toEqual([
      { old_password: 'old-secret', new_password: 'new-secret' },
    ]);

    fireEvent.change(screen.getByTestId('new-email'), { target: { value: 'me@new.example' } });
    fireEvent.click(screen.getByTestId('email-save'));
    expect((await screen.findByTestId('email-confirmation')).textContent).toContain('me@new.example');
  });
});

describe('SettingsPanel', () => {
  it('shows the organization’s defaults and linkifiers to members (read-only there), and closes on Escape', () => {
    const member = setup(baseState({ is_admin: false, role: 400 }));
    useSettingsScreen.getState().open('personal');
    member.render(<SettingsPanel />);
    expect(screen.getByTestId('settings-nav-org-defaults')).toBeTruthy();
    expect(screen.getByTestId('settings-nav-linkifiers')).toBeTruthy();
    expect(screen.getByTestId('settings-nav-drafts')).toBeTruthy();
    cleanup();

    const admin = setup(baseState({ is_admin: true, role: 200 }));
    admin.render(<SettingsPanel />);
    expect(screen.getByTestId('settings-nav-org-defaults')).toBeTruthy();
    fireEvent.click(screen.getByTestId('settings-nav-linkifiers'));
    expect(window.location.hash).toBe('#settings/linkifiers');
    fireEvent.keyDown(screen.getByTestId('settings-screen'), { key: 'Escape' });
    expect(screen.queryByTestId('settings-screen')).toBeNull();
    expect(window.location.hash).toBe('');
  });
});
