import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/realm/users';
import { demoUsers, useServer } from './helpers';

async function fetchApiKey(url: string, fields: Record<string, string>) {
  const res = await fetch(`${url}/api/v1/fetch_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /fetch_api_key (password sign-in)', () => {
  const h = useServer({
    loginLimits: { failuresPerUsername: 3, failuresPerAddress: 100, windowSeconds: 60 },
  });

  it('answers the API key, email and user id for the right password, without authentication', async () => {
    const { owner } = demoUsers(h.server);
    const r = await fetchApiKey(h.server.url, { username: owner.email, password: DEMO_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      result: 'success',
      msg: '',
      api_key: owner.api_key,
      email: owner.email,
      user_id: owner.user_id,
    });
  });

  it('takes the email in any letter case', async () => {
    const { moderator } = demoUsers(h.server);
    const r = await fetchApiKey(h.server.url, {
      username: moderator.email.toUpperCase(),
      password: DEMO_PASSWORD,
    });
    expect(r.body).toMatchObject({ result: 'success', email: moderator.email });
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const { member2 } = demoUsers(h.server);
    const wrong = await fetchApiKey(h.server.url, { username: member2.email, password: 'nope' });
    const unknown = await fetchApiKey(h.server.url, {
      username: 'nobody@northwind.example',
      password: 'nope',
    });
    const expected = {
      result: 'error',
      msg: 'Your username or password is incorrect',
      code: 'AUTHENTICATION_FAILED',
    };
    expect(wrong).toMatchObject({ status: 401, body: expected });
    expect(unknown).toMatchObject({ status: 401, body: expected });
  });

  it('a bot has no password sign-in', async () => {
    const { bot } = demoUsers(h.server);
    const r = await fetchApiKey(h.server.url, { username: bot.email, password: bot.password });
    expect(r.body).toMatchObject({ code: 'AUTHENTICATION_FAILED' });
  });

  it('a missing password is REQUEST_VARIABLE_MISSING', async () => {
    const r = await fetchApiKey(h.server.url, { username: 'ada@northwind.example' });
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'REQUEST_VARIABLE_MISSING', var_name: 'password' },
    });
  });

  it('a deactivated user gets USER_DEACTIVATED', async () => {
    const { member3 } = demoUsers(h.server);
    member3.is_active = false;
    try {
      const r = await fetchApiKey(h.server.url, { username: member3.email, password: DEMO_PASSWORD });
      expect(r).toMatchObject({
        status: 401,
        body: { result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' },
      });
    } finally {
      member3.is_active = true;
    }
  });

  it('a deactivated organization gets REALM_DEACTIVATED, here and on authenticated calls', async () => {
    const { owner } = demoUsers(h.server);
    h.server.realm.deactivated = true;
    try {
      const r = await fetchApiKey(h.server.url, { username: owner.email, password: DEMO_PASSWORD });
      expect(r).toMatchObject({
        status: 401,
        body: { code: 'REALM_DEACTIVATED', msg: 'This organization has been deactivated' },
      });
      const me = await h.as(owner).call('GET', '/users/me');
      expect(me).toMatchObject({ status: 401, body: { code: 'REALM_DEACTIVATED' } });
    } finally {
      h.server.realm.deactivated = false;
    }
  });

  it('after repeated failures for one username, 429 RATE_LIMIT_HIT with retry-after, even for the right password', async () => {
    const { guest, admin } = demoUsers(h.server);
    for (let i = 0; i < 3; i++) {
      const r = await fetchApiKey(h.server.url, { username: guest.email, password: `guess-${i}` });
      expect(r.body.code).toBe('AUTHENTICATION_FAILED');
    }
    const limited = await fetchApiKey(h.server.url, { username: guest.email, password: DEMO_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      result: 'error',
      code: 'RATE_LIMIT_HIT',
      msg: 'API usage exceeded rate limit',
    });
    const retryAfter = limited.body['retry-after'] as number;
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get('retry-after'))).toBe(Math.ceil(retryAfter));
    // Another account is not held up by the first one's failures.
    const other = await fetchApiKey(h.server.url, { username: admin.email, password: DEMO_PASSWORD });
    expect(other.body.result).toBe('success');
  });
});

describe('POST /fetch_api_key: failures per address', () => {
  const h = useServer({
    loginLimits: { failuresPerUsername: 100, failuresPerAddress: 4, windowSeconds: 30 },
  });

  it('one address guessing across many accounts is throttled too', async () => {
    for (let i = 0; i < 4; i++)
      await fetchApiKey(h.server.url, { username: `u${i}@x.example`, password: 'x' });
    const r = await fetchApiKey(h.server.url, { username: 'ada@northwind.example', password: DEMO_PASSWORD });
    expect(r).toMatchObject({ status: 429, body: { code: 'RATE_LIMIT_HIT' } });
  });
});

describe('the credentials file carries each person’s password', () => {
  const h = useServer();

  it('every human has `password`; the bot has none', () => {
    for (const user of h.server.credentials.users) {
      if (user.is_bot) expect(user.password).toBeUndefined();
      else expect(user.password).toBe(DEMO_PASSWORD);
    }
  });
});
