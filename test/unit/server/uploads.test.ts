import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer } from './helpers';

describe('uploads (POST /user_uploads, /user_uploads/<path_id>)', () => {
  const h = useServer();
  const auth = (u: { email: string; api_key: string }) =>
    'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64');

  async function upload(u: { email: string; api_key: string }, name: string, text: string) {
    const form = new FormData();
    form.set('file', new Blob([text], { type: 'text/plain' }), name);
    const res = await fetch(`${h.server.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { authorization: auth(u) },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  }

  it('stores a file and serves it to its owner and to readers of messages that link it', async () => {
    const { member, member2, member3 } = demoUsers(h.server);
    const r = await upload(member, 'report.txt', 'quarterly numbers');
    expect(r.status).toBe(200);
    expect(r.body.url).toMatch(/^\/user_uploads\/.+\/report\.txt$/);
    expect(r.body.uri).toBe(r.body.url);
    expect(r.body.filename).toBe('report.txt');
    const own = await fetch(h.server.url + r.body.url, { headers: { authorization: auth(member) } });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('quarterly numbers');
    // Not linked anywhere yet: others cannot fetch it.
    expect(
      (await fetch(h.server.url + r.body.url, { headers: { authorization: auth(member2) } })).status,
    ).toBe(404);
    await sendToChannel(h.as(member), 'engineering', 'files', `[report](${r.body.url})`);
    expect(
      (await fetch(h.server.url + r.body.url, { headers: { authorization: auth(member2) } })).status,
    ).toBe(200);
    // Farid is not in #engineering but its history is public to members.
    expect(
      (await fetch(h.server.url + r.body.url, { headers: { authorization: auth(member3) } })).status,
    ).toBe(200);
    expect((await fetch(h.server.url + r.body.url)).status).toBe(401);
  });

  it('hands out a temporary URL that works without credentials', async () => {
    const { member } = demoUsers(h.server);
    const r = await upload(member, 'pic.txt', 'pixels');
    const pathId = r.body.url!.replace('/user_uploads/', '');
    const body = await h.as(member).ok('GET', `/user_uploads/${pathId}`);
    const temp = await fetch(h.server.url + (body.url as string));
    expect(temp.status).toBe(200);
    expect(await temp.text()).toBe('pixels');
  });

  it('refuses a request without a file', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('POST', '/user_uploads', {});
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'You must specify a file to upload' });
  });

  it('announces uploads to their owner: add, update as messages link and unlink them, remove', async () => {
    const { member, member2 } = demoUsers(h.server);
    const owner = await h.as(member).register({ event_types: ['attachment'] });
    const other = await h.as(member2).register({ event_types: ['attachment'] });
    const r = await upload(member, 'plan.txt', 'the plan');
    const [added] = await owner.ofType('attachment');
    expect(added).toMatchObject({ op: 'add', attachment: { name: 'plan.txt', size: 8, messages: [] } });
    expect(added!.upload_space_used).toBeGreaterThanOrEqual(8);
    const id = (added!.attachment as { id: number }).id;

    const messageId = await sendToChannel(h.as(member), 'engineering', 'files', `[plan](${r.body.url})`);
    const [linked] = await owner.ofType('attachment');
    expect(linked).toMatchObject({ op: 'update', attachment: { id, messages: [{ id: messageId }] } });

    await h.as(member).ok('PATCH', `/messages/${messageId}`, { content: 'no file any more' });
    const [unlinked] = await owner.ofType('attachment');
    expect(unlinked).toMatchObject({ op: 'update', attachment: { id, messages: [] } });

    const listed = await h.as(member).ok('GET', '/attachments');
    expect((listed.attachments as { id: number }[]).map((a) => a.id)).toContain(id);
    // Only the owner may delete it; then it is gone, and announced.
    const refused = await h.as(member2).call('DELETE', `/attachments/${id}`);
    expect(refused.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid attachment' });
    await h.as(member).ok('DELETE', `/attachments/${id}`);
    const [removed] = await owner.ofType('attachment');
    expect(removed).toMatchObject({ op: 'remove', attachment: { id } });
    expect(await other.ofType('attachment')).toEqual([]);
    const after = await h.as(member).ok('GET', '/attachments');
    expect((after.attachments as { id: number }[]).map((a) => a.id)).not.toContain(id);
  });
});
