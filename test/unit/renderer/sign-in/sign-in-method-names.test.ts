import { describe, expect, it } from 'vitest';
import { signInMethodNames } from '../../../../renderer/src/features/sign-in/sign-in-method-names';
import type { ServerSettings } from '../../../../shared/api/server';

const settings = (extra: Partial<ServerSettings>): ServerSettings => ({
  result: 'success',
  msg: '',
  ...extra,
});
const provider = (name: string, displayName: string) => ({
  name,
  display_name: displayName,
  display_icon: null,
  login_url: `/accounts/login/social/${name}`,
  signup_url: `/accounts/register/social/${name}`,
});

describe('signInMethodNames', () => {
  it('names password and email, one method, once, in people’s words', () => {
    expect(
      signInMethodNames(settings({ authentication_methods: { password: true, dev: false, email: true } })),
    ).toEqual(['Email and password']);
    // A server that says only `password` (any password method) is named the same.
    expect(signInMethodNames(settings({ authentication_methods: { password: true } }))).toEqual([
      'Email and password',
    ]);
  });

  it('names LDAP apart, and leaves out what is switched off (the object form too)', () => {
    expect(
      signInMethodNames(
        settings({
          authentication_methods: {
            password: { enabled: true },
            email: { enabled: false },
            ldap: { enabled: true },
            google: false,
          },
        }),
      ),
    ).toEqual(['LDAP username and password']);
  });

  it('names outside providers as the server lists them for display, each once', () => {
    expect(
      signInMethodNames(
        settings({
          authentication_methods: { password: true, email: true, github: true, saml: true },
          external_authentication_methods: [provider('github', 'GitHub'), provider('saml:okta', 'Okta')],
        }),
      ),
    ).toEqual(['Email and password', 'GitHub', 'Okta']);
    // Without that list, by their own names.
    expect(
      signInMethodNames(settings({ authentication_methods: { github: true, 'openid connect': true } })),
    ).toEqual(['GitHub', 'OpenID Connect']);
  });
});
