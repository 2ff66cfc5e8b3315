import { isAuthMethodEnabled } from '../../../../shared/api/server-rules';
import type { ServerSettings } from '../../../../shared/api/server';

/** Methods the server runs itself; every other key is an outside provider (spec 4.21). */
const OWN_METHODS: Record<string, string> = {
  email: 'Email and password',
  ldap: 'LDAP username and password',
  dev: 'Development login',
  remoteuser: 'Single sign-on',
};

/** The providers' own names, for a server that does not list them in `external_authentication_methods`. */
const PROVIDER_NAMES: Record<string, string> = {
  saml: 'SAML',
  'openid connect': 'OpenID Connect',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  apple: 'Apple',
  azuread: 'Microsoft Entra ID',
};

/**
 * The organization's sign-in methods in people's words, each once: "Email and password", then the
 * outside providers as the server names them for display ("GitHub", a SAML provider's own name).
 */
export function signInMethodNames(settings: ServerSettings): string[] {
  const enabled = Object.entries(settings.authentication_methods ?? {})
    .filter(([, value]) => isAuthMethodEnabled(value))
    .map(([key]) => key);
  const external = settings.external_authentication_methods ?? [];
  const names = enabled.flatMap((key) => {
    // `password` is any password method: email's, or LDAP's when the server names that one.
    if (key === 'password')
      return enabled.includes('email') || enabled.includes('ldap') ? [] : [OWN_METHODS.email!];
    if (key in OWN_METHODS) return [OWN_METHODS[key]!];
    // Outside providers come from the display list when there is one (a key there may stand for several).
    return external.length > 0 ? [] : [PROVIDER_NAMES[key] ?? key];
  });
  return [...new Set([...names, ...external.map((method) => method.display_name)])];
}
