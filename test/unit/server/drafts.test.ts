import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { channelByName } from '../../../server/realm/channels';

const h = useServer();
const id = (name: string) => channelByName(h.server.realm, name)!.stream_id;
type Draft = { id: number; type: string; to: number[]; topic: string; content: string; timestamp: number };

describe('GET /drafts and POST /drafts', () => {
  it("lists the user's drafts with count", async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/drafts');
    const drafts = body.drafts as Draft[];
    expect(body.count).toBe(drafts.length);
    expect(drafts.map((d) => d.content)).toEqual(['About the roadmap: ', 'Note to self: renew certificates']);
    for (const d of drafts)
      expect(Object.keys(d).sort()).toEqual(['content', 'id', 'timestamp', 'to', 'topic', 'type']);
  });

  it('creates drafts of each type, fills in the timestamp, and sends drafts add', async () => {
    const { member2, member } = demoUsers(h.server);
    const client = h.as(member2);
    const q = await client.register({ event_types: ['drafts'] });
    const other = await h.as(member).register({ event_types: ['drafts'] });
    const before = h.server.realm.now();
    const body = await client.ok('POST', '/drafts', {
      drafts: [
        { type: 'stream', to: [id('general')], topic: 'lunch', content: 'Pizza?' },
        { type: 'private', to: [member.user_id], topic: 'ignored', content: 'Hi', timestamp: 1700000000 },
        { type: '', to: [1, 2], topic: 'x', content: 'unaddressed' },
      ],
    });
    const ids = body.ids as number[];
    expect(ids).toHaveLength(3);
    const [ev] = await q.drain();
    expect(ev).toMatchObject({ type: 'drafts', op: 'add' });
    const drafts = ev!.drafts as Draft[];
    expect(drafts.map((d) => d.id)).toEqual(ids);
    expect(drafts[0]).toMatchObject({
      type: 'stream',
      to: [id('general')],
      topic: 'lunch',
      content: 'Pizza?',
    });
    expect(drafts[0]!.timestamp).toBeGreaterThanOrEqual(before);
    expect(drafts[1]).toMatchObject({
      type: 'private',
      to: [member.user_id],
      topic: '',
      timestamp: 1700000000,
    });
    expect(drafts[2]).toMatchObject({ type: '', to: [], topic: '' });
    expect(await other.drain()).toEqual([]);
  });

  it('validation per 2.6', async () => {
    const { member2, member } = demoUsers(h.server);
    const cases: [Record<string, unknown>, string | null][] = [
      [{ type: 'stream', to: [id('general')], topic: 't', content: 'c', id: 5 }, null],
      [{ type: 'channel', to: [id('general')], topic: 't', content: 'c' }, null],
      [
        { type: 'stream', to: [id('general'), id('random')], topic: 't', content: 'c' },
        'Must specify exactly 1 channel ID for channel messages',
      ],
      [
        { type: 'stream', to: [], topic: 't', content: 'c' },
        'Must specify exactly 1 channel ID for channel messages',
      ],
      [{ type: 'stream', to: [id('leadership')], topic: 't', content: 'c' }, 'Invalid channel ID'],
      [{ type: 'stream', to: [99999], topic: 't', content: 'c' }, 'Invalid channel ID'],
      [{ type: 'private', to: [99999], topic: '', content: 'c' }, null],
      [{ type: 'stream', to: [id('general')], topic: 'a\u0000b', content: 'c' }, null],
      [{ type: 'private', to: [member.user_id], topic: '', content: 'a\u0000b' }, null],
      [
        { type: 'private', to: [member.user_id], topic: '', content: 'c', timestamp: -5 },
        'Timestamp must not be negative.',
      ],
      [{ type: 'private', to: [member.user_id], content: 'c' }, null],
    ];
    const count = h.server.realm.drafts.size;
    for (const [draft, msg] of cases) {
      const r = await h.as(member2).call('POST', '/drafts', { drafts: [draft] });
      expect(r.body.result, JSON.stringify(draft)).toBe('error');
      expect(r.body.code).toBe('BAD_REQUEST');
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect(h.server.realm.drafts.size).toBe(count);
  });
});

describe('PATCH /drafts/{draft_id} (4.12)', () => {
  it('edits the draft and sends drafts update to the user', async () => {
    const { member3 } = demoUsers(h.server);
    const client = h.as(member3);
    const [draftId] = (
      await client.ok('POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'v1' }] })
    ).ids as number[];
    const q = await client.register({ event_types: ['drafts'] });
    await client.ok('PATCH', `/drafts/${draftId}`, {
      draft: { type: 'stream', to: [id('design')], topic: 'logo', content: 'v2', timestamp: 1700000100 },
    });
    const stored = h.server.realm.drafts.get(draftId!)!;
    expect(stored).toMatchObject({
      type: 'stream',
      to: [id('design')],
      topic: 'logo',
      content: 'v2',
      timestamp: 1700000100,
    });
    expect(await q.drain()).toEqual([
      expect.objectContaining({
        type: 'drafts',
        op: 'update',
        draft: {
          id: draftId,
          type: 'stream',
          to: [id('design')],
          topic: 'logo',
          content: 'v2',
          timestamp: 1700000100,
        },
      }),
    ]);
  });

  it('"Draft does not exist" for unknown drafts and drafts of other users', async () => {
    const { member3, owner } = demoUsers(h.server);
    const ownersDraft = [...h.server.realm.drafts.values()].find((d) => d.user_id === owner.user_id)!;
    const draft = { type: '', to: [], topic: '', content: 'x' };
    const answers = [];
    for (const target of [99999, ownersDraft.id]) {
      const r = await h.as(member3).call('PATCH', `/drafts/${target}`, { draft });
      // 404 as the real service, with one body for both: nothing tells another user's draft exists.
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Draft does not exist' });
      answers.push(r.body);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(ownersDraft.content).not.toBe('x');
  });

  it('the edit is validated like a new draft (no id, no null bytes)', async () => {
    const { member3 } = demoUsers(h.server);
    const [draftId] = (
      await h
        .as(member3)
        .ok('POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'keep' }] })
    ).ids as number[];
    for (const draft of [
      { id: draftId, type: '', to: [], topic: '', content: 'x' },
      { type: '', to: [], topic: '', content: 'a\u0000' },
      { type: 'bogus', to: [], topic: '', content: 'x' },
    ]) {
      const r = await h.as(member3).call('PATCH', `/drafts/${draftId}`, { draft });
      expect(r.body.result).toBe('error');
    }
    expect(h.server.realm.drafts.get(draftId!)!.content).toBe('keep');
  });
});

describe('DELETE /drafts/{draft_id}', () => {
  it('deletes with drafts remove; unknown drafts are refused', async () => {
    const { member3 } = demoUsers(h.server);
    const client = h.as(member3);
    const [draftId] = (
      await client.ok('POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'bye' }] })
    ).ids as number[];
    const q = await client.register({ event_types: ['drafts'] });
    await client.ok('DELETE', `/drafts/${draftId}`);
    expect(h.server.realm.drafts.has(draftId!)).toBe(false);
    expect(await q.drain()).toEqual([
      expect.objectContaining({ type: 'drafts', op: 'remove', draft_id: draftId }),
    ]);
    expect((await client.call('DELETE', `/drafts/${draftId}`)).body.msg).toBe('Draft does not exist');
  });
});

describe('enable_drafts_synchronization off', () => {
  it('deletes the stored drafts and the endpoints refuse', async () => {
    const { moderator } = demoUsers(h.server);
    const client = h.as(moderator);
    await client.ok('POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'soon gone' }] });
    await client.ok('PATCH', '/settings', { enable_drafts_synchronization: false });
    expect([...h.server.realm.drafts.values()].filter((d) => d.user_id === moderator.user_id)).toEqual([]);
    const msg = 'User has disabled synchronizing drafts.';
    expect((await client.call('GET', '/drafts')).body.msg).toBe(msg);
    expect((await client.call('POST', '/drafts', { drafts: [] })).body.msg).toBe(msg);
    expect(
      (await client.call('PATCH', '/drafts/1', { draft: { type: '', to: [], topic: '', content: 'x' } })).body
        .msg,
    ).toBe(msg);
    expect((await client.call('DELETE', '/drafts/1')).body.msg).toBe(msg);
    await client.ok('PATCH', '/settings', { enable_drafts_synchronization: true });
    expect((await client.ok('GET', '/drafts')).drafts).toEqual([]);
  });
});
