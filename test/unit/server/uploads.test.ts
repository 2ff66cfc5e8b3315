import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer } from './helpers';
import { makePng } from '../../support/png';
import { imageDimensions } from '../../../server/realm/image-size';
import { rendered } from '../../../server/realm/messages';

describe('uploads (POST /user_uploads, /user_uploads/<path_id>)', () => {
  const h = useServer();
  const auth = (u: { email: string; api_key: string }) =>
    'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64');

  async function upload(
    u: { email: string; api_key: string },
    name: string,
    text: string | Buffer,
    type = 'text/plain',
  ) {
    const form = new FormData();
    form.set('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)], { type }), name);
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

  it('follows a paragraph linking an uploaded image with its preview, sized from the image', async () => {
    const { member } = demoUsers(h.server);
    const r = await upload(member, 'chart.png', makePng(64, 48, [40, 120, 200]), 'image/png');
    const id = await sendToChannel(h.as(member), 'engineering', 'files', `See [chart.png](${r.body.url})`);
    const html = rendered(h.server.realm, h.server.realm.messagesById.get(id)!).html;
    expect(html).toBe(
      `<p>See <a href="${r.body.url}">chart.png</a></p>\n` +
        `<div class="message_inline_image"><a href="${r.body.url}" title="chart.png">` +
        `<img data-original-dimensions="64x48" src="${r.body.url}"></a></div>`,
    );
    // A file that is not an image gets no preview.
    const text = await upload(member, 'notes.txt', 'plain');
    const plainId = await sendToChannel(h.as(member), 'engineering', 'files', `[notes](${text.body.url})`);
    expect(rendered(h.server.realm, h.server.realm.messagesById.get(plainId)!).html).not.toContain(
      'message_inline_image',
    );
  });
});

describe('upload size limit (max_file_upload_size_mib)', () => {
  const h = useServer({ maxFileUploadSizeMib: 1 });

  async function uploadBytes(u: { email: string; api_key: string }, size: number) {
    const form = new FormData();
    form.set('file', new Blob([Buffer.alloc(size, 1)]), 'big.bin');
    const res = await fetch(`${h.server.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64') },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it("is reported by register and enforced with the real service's error", async () => {
    const { member } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['realm'] });
    expect(state.max_file_upload_size_mib).toBe(1);
    expect((await uploadBytes(member, 1024 * 1024)).status).toBe(200);
    const refused = await uploadBytes(member, 1024 * 1024 + 1);
    expect(refused).toEqual({
      status: 400,
      body: {
        result: 'error',
        code: 'BAD_REQUEST',
        msg: "File is larger than this server's configured maximum upload size (1 MiB).",
      },
    });
  });
});

describe('imageDimensions', () => {
  it('reads PNG, GIF, JPEG and WebP headers', () => {
    expect(imageDimensions(makePng(300, 200, [0, 0, 0]))).toEqual({ width: 300, height: 200 });
    const gif = Buffer.from('GIF89a\x10\x00\x20\x00', 'latin1');
    expect(imageDimensions(gif)).toEqual({ width: 16, height: 32 });
    // SOI, an APP0 segment, then a baseline frame header: height 0x0100, width 0x0280.
    const jpeg = Buffer.from('ffd8ffe000044a46ffc0000b0801000280030100110000', 'hex');
    expect(imageDimensions(jpeg)).toEqual({ width: 640, height: 256 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(imageDimensions(webp)).toEqual({ width: 100, height: 50 });
    expect(imageDimensions(Buffer.from('not an image'))).toBeNull();
  });
});
