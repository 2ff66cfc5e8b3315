import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';

const h = useServer();

describe('saved snippets (4.19)', () => {
  it("GET lists only the user's snippets", async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/saved_snippets');
    const snippets = body.saved_snippets as {
      id: number;
      title: string;
      content: string;
      date_created: number;
    }[];
    expect(snippets.map((s) => s.title)).toEqual(['Deploy checklist']);
    expect(typeof snippets[0]!.date_created).toBe('number');
  });

  it('POST creates and returns saved_snippet_id, with saved_snippets add', async () => {
    const { member2 } = demoUsers(h.server);
    const client = h.as(member2);
    const q = await client.register({ event_types: ['saved_snippets'] });
    const body = await client.ok('POST', '/saved_snippets', {
      title: 'Greeting',
      content: 'Hello **there**',
    });
    const id = body.saved_snippet_id as number;
    expect(typeof id).toBe('number');
    expect(await q.drain()).toEqual([
      expect.objectContaining({
        type: 'saved_snippets',
        op: 'add',
        saved_snippet: expect.objectContaining({ id, title: 'Greeting', content: 'Hello **there**' }),
      }),
    ]);
    const list = (await client.ok('GET', '/saved_snippets')).saved_snippets as { id: number }[];
    expect(list.map((s) => s.id)).toContain(id);
  });

  it('"Title cannot be empty." for an empty title or content', async () => {
    const { member2 } = demoUsers(h.server);
    for (const params of [
      { title: '', content: 'x' },
      { title: '   ', content: 'x' },
      { title: 'x', content: '' },
    ]) {
      const r = await h.as(member2).call('POST', '/saved_snippets', params);
      expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Title cannot be empty.' });
    }
    const missing = await h.as(member2).call('POST', '/saved_snippets', { title: 'x' });
    expect(missing.body.code).toBe('REQUEST_VARIABLE_MISSING');
  });

  it('PATCH edits and DELETE removes, with events; other users cannot touch them', async () => {
    const { member3, member } = demoUsers(h.server);
    const client = h.as(member3);
    const id = (await client.ok('POST', '/saved_snippets', { title: 'T', content: 'C' }))
      .saved_snippet_id as number;
    const q = await client.register({ event_types: ['saved_snippets'] });
    expect((await h.as(member).call('DELETE', `/saved_snippets/${id}`)).body.msg).toBe(
      'Saved snippet does not exist.',
    );
    await client.ok('PATCH', `/saved_snippets/${id}`, { content: 'C2' });
    await client.ok('DELETE', `/saved_snippets/${id}`);
    const events = await q.drain();
    expect(events.map((e) => e.op)).toEqual(['update', 'remove']);
    expect(events[0]!.saved_snippet).toMatchObject({ id, title: 'T', content: 'C2' });
    expect(events[1]).toMatchObject({ saved_snippet_id: id });
    expect(h.server.realm.snippets.has(id)).toBe(false);
  });
});
