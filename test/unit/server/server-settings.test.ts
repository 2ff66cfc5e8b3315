import { describe, expect, it } from 'vitest';
import { useServer } from './helpers';

describe('GET /server_settings (4.21)', () => {
  const h = useServer();

  it('answers without authentication with every field of 4.21', async () => {
    const res = await fetch(`${h.server.url}/api/v1/server_settings`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.result).toBe('success');
    expect(body.msg).toBe('');
    for (const field of [
      'authentication_methods',
      'external_authentication_methods',
      'service_feature_level',
      'service_version',
      'service_merge_base',
      'push_notifications_enabled',
      'is_incompatible',
      'email_auth_enabled',
      'require_email_format_usernames',
      'realm_uri',
      'realm_url',
      'realm_name',
      'realm_icon',
      'realm_description',
      'realm_web_public_access_enabled',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.realm_url).toBe(h.server.url);
    expect(body.realm_uri).toBe(body.realm_url);
    expect(body.realm_name).toBe('Northwind Labs');
    expect(typeof body.service_feature_level).toBe('number');
    expect(body.service_feature_level as number).toBeGreaterThanOrEqual(372);
    expect(typeof body.service_version).toBe('string');
    expect(body.realm_description).toContain('<strong>product studio</strong>');
    const methods = body.authentication_methods as Record<string, boolean>;
    for (const key of ['password', 'dev', 'email', 'ldap', 'remoteuser', 'saml', 'openid connect']) {
      expect(typeof methods[key]).toBe('boolean');
    }
    // The demo has a web-public channel and spectator access on.
    expect(body.realm_web_public_access_enabled).toBe(true);
  });

  it('reports web-public access off when no web-public channel exists', async () => {
    const channels = [...h.server.realm.channels.values()].filter((c) => c.is_web_public);
    channels.forEach((c) => (c.is_web_public = false));
    try {
      const body = (await (await fetch(`${h.server.url}/api/v1/server_settings`)).json()) as Record<
        string,
        unknown
      >;
      expect(body.realm_web_public_access_enabled).toBe(false);
    } finally {
      channels.forEach((c) => (c.is_web_public = true));
    }
  });

  it('lists unknown parameters in ignored_parameters_unsupported', async () => {
    const body = (await (
      await fetch(`${h.server.url}/api/v1/server_settings?frobnicate=1`)
    ).json()) as Record<string, unknown>;
    expect(body.ignored_parameters_unsupported).toEqual(['frobnicate']);
  });
});

describe('authentication (part 5)', () => {
  const h = useServer();

  it('rejects a missing Authorization header with 401', async () => {
    const res = await fetch(`${h.server.url}/api/v1/register`, { method: 'POST' });
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
  });

  it('rejects a wrong API key with 401 INVALID_API_KEY', async () => {
    const owner = h.server.credentials.users[0]!;
    const res = await fetch(`${h.server.url}/api/v1/register`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${owner.email}:wrong`).toString('base64') },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      result: 'error',
      code: 'INVALID_API_KEY',
      msg: 'Invalid API key',
    });
  });

  it('accepts every user in the credentials file, bots included', async () => {
    for (const u of h.server.credentials.users) {
      const res = await fetch(`${h.server.url}/api/v1/register`, {
        method: 'POST',
        headers: { authorization: 'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64') },
        body: new URLSearchParams({ fetch_event_types: '["realm_user"]' }),
      });
      expect(res.status, u.email).toBe(200);
      expect(((await res.json()) as Record<string, unknown>).user_id).toBe(u.user_id);
    }
    expect(h.server.credentials.users.some((u) => u.is_bot)).toBe(true);
    expect(new Set(h.server.credentials.users.map((u) => u.role))).toEqual(
      new Set([100, 200, 300, 400, 600]),
    );
  });

  it('rejects a deactivated account with 401 USER_DEACTIVATED', async () => {
    const u = [...h.server.realm.users.values()].find((x) => x.full_name === 'Farid Haddad')!;
    u.is_active = false;
    try {
      const res = await fetch(`${h.server.url}/api/v1/register`, {
        method: 'POST',
        headers: { authorization: 'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64') },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'USER_DEACTIVATED' });
    } finally {
      u.is_active = true;
    }
  });
});
