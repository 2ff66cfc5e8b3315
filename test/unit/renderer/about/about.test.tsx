// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AboutScreen, enabledAuthMethods } from '../../../../renderer/src/features/about/AboutScreen';
import { FailWith } from '../fake-bridge';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('AboutScreen', () => {
  it('shows version, feature level and a sanitized description', async () => {
    const { bridge, render } = setup(baseState());
    bridge.handlers.getServerSettings = () => ({
      result: 'success',
      msg: '',
      realm_name: 'Northwind Labs',
      realm_url: 'http://127.0.0.1:1',
      realm_description: '<p>Welcome <img src=x onerror="alert(1)"><script>alert(2)</script><b>team</b></p>',
      service_version: '1.2.3',
      service_feature_level: 410,
      authentication_methods: { password: true, ldap: false },
      external_authentication_methods: [],
      push_notifications_enabled: false,
    });
    render(<AboutScreen />);
    expect((await screen.findByTestId('about-version')).textContent).toBe('1.2.3');
    expect(screen.getByTestId('about-feature-level').textContent).toBe('410');
    const description = screen.getByTestId('about-description');
    expect(description.textContent).toContain('Welcome team');
    expect(description.innerHTML).not.toMatch(/onerror|script/);
  });

  it('shows the error when the server cannot be read', async () => {
    const { bridge, render } = setup(baseState());
    bridge.handlers.getServerSettings = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'refused' });
    };
    render(<AboutScreen />);
    expect((await screen.findByTestId('error')).textContent).toContain('Could not reach the server');
  });

  it('names the sign-in methods', () => {
    expect(
      enabledAuthMethods({
        result: 'success',
        msg: '',
        authentication_methods: { password: true, dev: false },
        external_authentication_methods: [
          {
            name: 'saml',
            display_name: 'Company SSO',
            display_icon: null,
            login_url: '/l',
            signup_url: '/s',
          },
        ],
      }),
    ).toEqual(['Email and password', 'Company SSO']);
  });

  it("reads the real service's object form of the methods too", () => {
    expect(
      enabledAuthMethods({
        result: 'success',
        msg: '',
        authentication_methods: {
          password: { enabled: false, available: true },
          ldap: { enabled: true, available: true },
          dev: { enabled: false, available: false, unavailable_reason: 'Not configured' },
        },
      } as never),
    ).toEqual(['LDAP']);
  });
});
