// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { OrgDefaults } from '../../../../renderer/src/features/org-defaults/OrgDefaults';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, decoded } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

const defaults = { twenty_four_hour_time: false, emojiset: 'vendorA', enter_sends: true };

describe('OrgDefaults', () => {
  it('offers only column-D preferences and sends changes to the defaults endpoint', async () => {
    const { bridge, render } = setup(
      baseState({
        is_admin: true,
        role: 200,
        service_feature_level: 400,
        realm_user_settings_defaults: defaults,
      }),
    );
    bridge.handlers.updateRealmUserSettingsDefaults = () => ({});
    render(<OrgDefaults />);
    expect(screen.queryByTestId('default-default_language')).toBeNull();
    expect(screen.queryByTestId('default-timezone')).toBeNull();
    expect(screen.queryByTestId('default-enable_login_emails')).toBeNull();
    expect(screen.getByTestId('default-wildcard_mentions_notify')).toBeTruthy();
    expect(screen.queryByTestId('org-defaults-not-admin')).toBeNull();
    fireEvent.change(screen.getByTestId('default-emojiset'), { target: { value: 'text' } });
    await waitFor(() =>
      expect(bridge.callsTo('updateRealmUserSettingsDefaults')).toEqual([{ emojiset: 'text' }]),
    );
    expect(bridge.callsTo('updateSettings')).toEqual([]);
  });

  it('shows the server refusal to someone who is not an administrator', async () => {
    const { bridge, render } = setup(
      baseState({ is_admin: false, role: 400, realm_user_settings_defaults: defaults }),
    );
    bridge.handlers.updateRealmUserSettingsDefaults = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Must be an organization administrator'));
    };
    render(<OrgDefaults />);
    expect(screen.getByTestId('org-defaults-not-admin')).toBeTruthy();
    fireEvent.click(screen.getByTestId('default-twenty_four_hour_time'));
    expect((await screen.findByTestId('default-twenty_four_hour_time-error')).textContent).toBe(
      'Must be an organization administrator',
    );
    expect(screen.getByTestId('default-twenty_four_hour_time')).toHaveProperty('checked', false);
  });

  it('follows realm_user_settings_defaults events from other administrators', async () => {
    const { render, queryClient } = setup(
      baseState({ is_admin: true, realm_user_settings_defaults: defaults }),
    );
    render(<OrgDefaults />);
    applyEvents(
      queryClient,
      decoded([
        { id: 3, type: 'realm_user_settings_defaults', op: 'update', property: 'emojiset', value: 'vendorB' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('default-emojiset')).toHaveProperty('value', 'vendorB'));
  });
});
