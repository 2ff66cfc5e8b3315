import type { AuthMethodValue, ServerSettings } from './server';

// The sign-in screens' reading of GET /server_settings, without zod (only its types): server.ts
// re-exports these, and the renderer imports them from here to keep zod out of its first bundle.

export function isAuthMethodEnabled(value: AuthMethodValue | undefined): boolean {
  return typeof value === 'boolean' ? value : value?.enabled === true;
}

/** Spec 9.2: assume level 0 when the server does not say. */
export function featureLevelOf(settings: Pick<ServerSettings, 'service_feature_level'>): number {
  return settings.service_feature_level ?? 0;
}

/**
 * Whether the server takes an email (or username) and password for an API key (POST
 * /fetch_api_key). A server that says nothing either way is offered the form: its answer decides.
 */
export function offersPasswordSignIn(settings: ServerSettings): boolean {
  const methods = settings.authentication_methods;
  if (methods && 'password' in methods) return isAuthMethodEnabled(methods.password);
  return settings.email_auth_enabled ?? true;
}
