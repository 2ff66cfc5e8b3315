import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';

describe('HTTP layer (spec part 1 conventions)', () => {
  const h = useServer();
  const auth = (email: string, key: string) => 'Basic ' + Buffer.from(`${email}:${key}`).toString('base64');

  it('serves the images the seed refers to: the realm icon and the custom emoji', async () => {
    const { member } = demoUsers(h.server);
    const settings = (await (await fetch(`${h.server.url}/api/v1/server_settings`)).json()) as {
      realm_icon: string;
    };
    const emoji = await h.as(member).call('GET', '/realm/emoji', {});
    const custom = Object.values(emoji.body.emoji as Record<string, { source_url: string }>);
    expect(custom.length).toBeGreaterThan(0);
    for (const url of [settings.realm_icon, ...custom.map((e) => e.source_url)]) {
      const res = await fetch(new URL(url, h.server.url));
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(await res.text()).toContain('<svg');
    }
  });

  it('accepts multipart bodies like form-encoded ones', async () => {
    const { member } = demoUsers(h.server);
    const form = new FormData();
    form.set('type', 'stream');
    form.set('to', 'general');
    form.set('topic', 'multipart');
    form.set('content', 'sent as multipart');
    const res = await fetch(`${h.server.url}/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: auth(member.email, member.api_key) },
      body: form,
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(h.server.realm.messagesById.get(body.id as number)).toMatchObject({
      topic: 'multipart',
      content: 'sent as multipart',
    });
  });

  it('lists unknown parameters in ignored_parameters_unsupported on success only', async () => {
    const { member } = demoUsers(h.server);
    const ok = await h.as(member).call('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 't',
      content: 'c',
      colour: 'red',
      mood: 'happy',
    });
    expect(ok.body.ignored_parameters_unsupported).toEqual(['colour', 'mood']);
    const plain = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'general', topic: 't', content: 'c' });
    expect(plain.body).not.toHaveProperty('ignored_parameters_unsupported');
    const failed = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'nowhere', topic: 't', content: 'c', colour: 'red' });
    expect(failed.body.result).toBe('error');
    expect(failed.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('parses JSON-typed parameters and reports type errors', async () => {
    const { member } = demoUsers(h.server);
    const r = await h
      .as(member)
      .call('GET', '/messages', { anchor: 'newest', num_before: 'many', num_after: 0 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    const b = await h
      .as(member)
      .call('PATCH', '/messages/1', { topic: 'x', send_notification_to_new_thread: 'yes' });
    expect(b.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Argument "send_notification_to_new_thread" is not valid JSON.',
    });
  });

  it('also understands a JSON request body', async () => {
    const { member, owner, admin } = demoUsers(h.server);
    const res = await fetch(`${h.server.url}/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: auth(member.email, member.api_key), 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'direct', to: [owner.user_id, admin.user_id], content: 'json body' }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.result).toBe('success');
    // A list in a JSON body is the whole list (not "the last of repeated fields").
    expect([...h.server.realm.messagesById.get(body.id as number)!.dm_user_ids].sort()).toEqual(
      [member.user_id, owner.user_id, admin.user_id].sort(),
    );
  });

  it('answers unknown endpoints with a JSON 404', async () => {
    const res = await fetch(`${h.server.url}/api/v1/nothing/here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ result: 'error' });
  });

  it('serves avatars for the avatar_url it reports', async () => {
    const { member } = demoUsers(h.server);
    const m = (
      await h
        .as(member)
        .ok('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0, client_gravatar: true })
    ).messages as { avatar_url: string }[];
    // Avatars are this server's own (never gravatars), so client_gravatar leaves avatar_url in place.
    expect(typeof m[0]!.avatar_url).toBe('string');
    const res = await fetch(m[0]!.avatar_url);
    expect(res.status).toBe(200);
    // A PNG, as the real service's: a browser draws SVG images on the page's main thread.
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([100, 100]);
  });
});
