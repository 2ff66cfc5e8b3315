import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/http/app';
import { route } from '../../../server/http/route';
import { p } from '../../../server/http/params';
import { allRoutes } from '../../../server/routes/index';
import { channelId, demoUsers, sendToChannel, useServer } from './helpers';

/** A concrete URL path for a route's fastify path (`:name` → 1). */
const concrete = (path: string) => path.replace(/:[a-z_]+/g, '1').replace(/\*$/, 'x');

describe('part 5: authentication on every endpoint but GET /server_settings and POST /fetch_api_key', () => {
  const h = useServer();

  it('every declared route answers 401 without credentials, except the two public ones', async () => {
    const unauthenticated: string[] = [];
    for (const r of allRoutes) {
      const res = await fetch(`${h.server.url}/api/v1${concrete(r.path)}`, { method: r.method });
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status === 401) {
        expect(body, `${r.method} ${r.path}`).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
      } else unauthenticated.push(`${r.method} ${r.path}`);
    }
    expect(unauthenticated).toEqual(['GET /server_settings', 'POST /fetch_api_key']);
  });

  it('a wrong key is refused before parameters are looked at', async () => {
    const { member } = demoUsers(h.server);
    const res = await fetch(`${h.server.url}/api/v1/messages/flags/narrow`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${member.email}:nope`).toString('base64') },
      body: new URLSearchParams({ narrow: '[not json' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'INVALID_API_KEY' });
  });
});

describe('part 1: conventions across endpoints', () => {
  const h = useServer();

  it('ignored_parameters_unsupported names unknown parameters on the successes of every spec endpoint', async () => {
    const { admin, member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const fresh = await sendToChannel(h.as(member), 'general', 'sweep', 'to be edited');
    const m = h.server.realm.messagesById.get(fresh)!;
    const draft = (
      await h.as(member).ok('POST', '/drafts', {
        drafts: [{ type: '', to: [], topic: '', content: 'for the sweep' }],
      })
    ).ids as number[];
    const filter = (await h.as(admin).ok('GET', '/realm/linkifiers')).linkifiers as { id: number }[];
    const calls: [typeof member, string, string, Record<string, unknown>][] = [
      [member, 'PATCH', `/messages/${m.id}`, { content: m.content + ' (edited)' }],
      [admin, 'PATCH', `/streams/${general}`, { description: 'sweep' }],
      [member, 'PATCH', '/settings', { twenty_four_hour_time: true }],
      [member, 'POST', '/typing', { op: 'start', to: [admin.user_id] }],
      [member, 'PATCH', '/realm/user_settings_defaults', {}],
      [admin, 'PATCH', '/realm/user_settings_defaults', { twenty_four_hour_time: true }],
      [
        member,
        'PATCH',
        '/users/me/subscriptions/muted_topics',
        { stream_id: general, topic: 'sw', op: 'add' },
      ],
      [member, 'GET', '/messages/matches_narrow', { msg_ids: [m.id], narrow: [] }],
      [member, 'GET', '/streams', {}],
      [member, 'POST', '/invites', { invitee_emails: 'sweep@elsewhere.example', stream_ids: [] }],
      [member, 'POST', '/users/me/status', { status_text: 'sweeping' }],
      [member, 'POST', '/users/me/presence', { status: 'active' }],
      [member, 'PATCH', `/drafts/${draft[0]}`, { draft: { type: '', to: [], topic: '', content: 'swept' } }],
      [
        member,
        'POST',
        '/messages/flags/narrow',
        { anchor: 'newest', num_before: 1, num_after: 0, op: 'add', flag: 'starred' },
      ],
      [member, 'POST', '/user_groups/create', { name: 'sweepers', description: '', members: [] }],
      [member, 'GET', `/messages/${m.id}/history`, {}],
      [member, 'POST', '/mark_topic_as_read', { stream_id: general, topic_name: m.topic }],
      [member, 'POST', `/messages/${m.id}/reactions`, { emoji_name: 'broom' }],
      [member, 'GET', `/users/me/${general}/topics`, {}],
      [member, 'POST', '/saved_snippets', { title: 't', content: 'c' }],
      [
        member,
        'POST',
        '/scheduled_messages',
        { type: 'stream', to: general, topic: 'sweep', content: 'later', scheduled_delivery_timestamp: 4e9 },
      ],
      [member, 'GET', '/scheduled_messages', {}],
      [
        admin,
        'PATCH',
        `/realm/filters/${filter[0]!.id}`,
        { pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' },
      ],
      [admin, 'PATCH', '/realm/linkifiers', { ordered_linkifier_ids: filter.map((l) => l.id) }],
      [member, 'GET', '/server_settings', {}],
      [member, 'GET', `/streams/${general}`, {}],
      [member, 'POST', `/users/me/muted_users/${admin.user_id}`, {}],
      [member, 'DELETE', `/users/me/muted_users/${admin.user_id}`, {}],
    ];
    for (const [user, method, path, params] of calls) {
      const r = await h.as(user).call(method, path, { ...params, zz_unknown: 'x' });
      const what = `${method} ${path}`;
      if (what === 'PATCH /realm/user_settings_defaults' && user === member) {
        expect(r.body, what).toMatchObject({ result: 'error' });
        expect(r.body, what).not.toHaveProperty('ignored_parameters_unsupported');
        continue;
      }
      expect(r.body, what).toMatchObject({ result: 'success', msg: '' });
      expect(r.body.ignored_parameters_unsupported, what).toEqual(['zz_unknown']);
    }
  });

  it('malformed JSON in a list or object parameter is a clear BAD_REQUEST, never a 500', async () => {
    const { member, admin } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const cases: [typeof member, string, string, Record<string, string>, string][] = [
      [member, 'GET', '/messages/matches_narrow', { msg_ids: '[1,', narrow: '[]' }, 'msg_ids'],
      [member, 'POST', '/typing', { op: 'start', to: '[5' }, 'to'],
      [member, 'POST', '/invites', { invitee_emails: 'a@b.example', stream_ids: '{' }, 'stream_ids'],
      [member, 'PATCH', '/drafts/1', { draft: '{"type":' }, 'draft'],
      [member, 'POST', '/user_groups/create', { name: 'j', description: '', members: '[1' }, 'members'],
      [
        admin,
        'PATCH',
        `/streams/${general}`,
        { can_send_message_group: '{"new":' },
        'can_send_message_group',
      ],
      [
        member,
        'POST',
        '/messages/flags/narrow',
        { anchor: 'newest', num_before: '0', num_after: '0', op: 'add', flag: 'read', narrow: '[{' },
        'narrow',
      ],
    ];
    for (const [user, method, path, params, name] of cases) {
      const r = await h.as(user).call(method, path, params);
      expect(r.status, path).toBe(400);
      expect(r.body, path).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: `Argument "${name}" is not valid JSON.`,
      });
    }
  });

  it('a malformed JSON request body is a JSON BAD_REQUEST', async () => {
    const { member } = demoUsers(h.server);
    const res = await fetch(`${h.server.url}/api/v1/users/me/status`, {
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${member.email}:${member.api_key}`).toString('base64'),
        'content-type': 'application/json',
      },
      body: '{"status_text": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('a truncated multipart body is a JSON BAD_REQUEST, not an internal error', async () => {
    const { member } = demoUsers(h.server);
    const res = await fetch(`${h.server.url}/api/v1/users/me/status`, {
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${member.email}:${member.api_key}`).toString('base64'),
        'content-type': 'multipart/form-data; boundary=zz',
      },
      body: '--zz\r\nContent-Disposition: form-data; name="status_text"\r\n\r\nhalf',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ result: 'error', msg: 'Malformed request body', code: 'BAD_REQUEST' });
  });

  it('an internal failure is a 500 with a generic msg, never a stack trace', async () => {
    const app = await buildApp(
      h.server.context,
      [
        route({
          method: 'GET',
          path: '/explode',
          auth: false,
          params: { n: p.int() },
          handler: () => {
            throw new TypeError('secret detail at /work/main/server/x.ts:12');
          },
        }),
      ],
      { quiet: true },
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/explode' });
      expect(res.statusCode).toBe(500);
      const body = res.json() as Record<string, unknown>;
      expect(body).toEqual({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
      expect(res.body).not.toMatch(/secret|\.ts:|at /);
    } finally {
      await app.close();
    }
  });

  it('unknown routes, under /api/v1 or not, are JSON 404s for every method', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      for (const path of ['/api/v1/no/such/endpoint', '/api/v2/messages']) {
        const res = await fetch(`${h.server.url}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
      }
    }
  });
});
