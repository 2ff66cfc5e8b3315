import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetMessagesParams, SendMessageParams } from '../../../shared/api/messages';
import type { ChatEvent } from '../../../shared/api/events';
import type { CallFailure } from '../../../shared/errors';
import type { CallResult, OutboxEntry } from '../../../shared/ipc';
import { Outbox, type OutboxDeps } from '../../../electron/core/outbox';
import { OutboxFile, type StoredOutbox } from '../../../electron/core/outbox-file';

/** What the fake server does with the next POST /messages. */
type SendBehaviour = 'ok' | 'lost' | 'down' | 'no_connection' | 'refuse' | 'server_error';

const networkDown = {
  kind: 'network',
  reason: 'connection_failed',
  message: 'ECONNREFUSED',
} satisfies CallFailure;

/**
 * A server that keeps messages, and a network in front of it that can drop requests or answers.
 * `lost`: the server stores the message, the answer never arrives.
 */
class FakeServer {
  messages: {
    id: number;
    content: string;
    timestamp: number;
    to: string;
    sender: string;
    last_moved_timestamp?: number;
  }[] = [];
  posts: SendMessageParams[] = [];
  checks = 0;
  behaviours: SendBehaviour[] = [];
  /** Every request fails to connect while down. */
  down = false;
  /** The "did it arrive?" query fails (502) while sends may still be answered. */
  checksFail = false;
  nextId = 100;

  send = async (params: SendMessageParams): Promise<CallResult<{ id: number }>> => {
    this.posts.push(params);
    const behaviour = this.down ? 'down' : (this.behaviours.shift() ?? 'ok');
    if (behaviour === 'down') return { ok: false, error: networkDown };
    if (behaviour === 'no_connection') return { ok: false, error: { ...networkDown, notSent: true } };
    if (behaviour === 'refuse')
      return {
        ok: false,
        error: { kind: 'api', status: 400, code: 'BAD_REQUEST', msg: 'Not allowed here.', extra: {} },
      };
    if (behaviour === 'server_error')
      return { ok: false, error: { kind: 'server', status: 502, message: '' } };
    const id = this.nextId++;
    this.messages.push({
      id,
      content: params.content,
      timestamp: Math.floor(Date.now() / 1000),
      to: destinationKey(params),
      sender: 'me@example.com',
    });
    if (behaviour === 'lost') return { ok: false, error: { ...networkDown, message: 'socket hang up' } };
    return { ok: true, value: { id } };
  };

  recentMessages = async (params: GetMessagesParams) => {
    this.checks++;
    if (this.down) return { ok: false as const, error: networkDown };
    if (this.checksFail)
      return { ok: false as const, error: { kind: 'server' as const, status: 502, message: '' } };
    const narrow = params.narrow as { operator: string; operand: unknown }[];
    const operand = (operator: string) => narrow.find((t) => t.operator === operator)?.operand;
    const [dm, channel, topic] = [operand('dm'), operand('channel'), operand('topic')];
    const inNarrow = (to: string) =>
      dm
        ? to === `dm:${JSON.stringify(dm)}`
        : to.startsWith(channel === undefined ? '' : `channel:${String(channel)}:`) &&
          (topic === undefined || to.endsWith(`:${String(topic)}`));
    return {
      ok: true as const,
      value: this.messages
        .filter((m) => m.sender === operand('sender') && inNarrow(m.to))
        .slice(-params.num_before)
        .map((m) => {
          const [kind, stream, ...subject] = m.to.split(':');
          return kind === 'channel'
            ? { ...m, stream_id: Number(stream), subject: subject.join(':') }
            : { ...m };
        }),
    };
  };

  /** Someone moves a message to another conversation, as the server records it. */
  move(id: number, to: string, resolvingOnly = false): void {
    const message = this.messages.find((m) => m.id === id)!;
    message.to = to;
    // The real service does not count resolving a topic as a move.
    if (!resolvingOnly) message.last_moved_timestamp = Math.floor(Date.now() / 1000);
  }

  contents(): string[] {
    return this.messages.map((m) => m.content);
  }
}

function destinationKey(params: SendMessageParams): string {
  return params.type === 'direct'
    ? `dm:${JSON.stringify([...(params.to as number[])].sort((a, b) => a - b))}`
    : `channel:${String(params.to)}:${params.topic ?? ''}`;
}

class MemoryFile {
  data: StoredOutbox = { version: 1, entries: [], recentDelivered: [] };
  load = () => structuredClone(this.data);
  save = (data: StoredOutbox) => {
    this.data = structuredClone(data);
  };
}

const general = (content: string) => ({
  destination: { type: 'channel' as const, streamId: 1, topic: 'plans' },
  content,
});

function messageEvent(id: number, localId?: string): ChatEvent {
  return {
    id: 1,
    type: 'message',
    message: { id },
    ...(localId ? { local_message_id: localId } : {}),
  } as unknown as ChatEvent;
}

describe('Outbox', () => {
  let server: FakeServer;
  let connected: boolean;
  let snapshots: OutboxEntry[][];
  let ids: number;

  function outbox(file: OutboxDeps['file'] = new MemoryFile(), overrides: Partial<OutboxDeps> = {}) {
    const box = new Outbox({
      file,
      send: server.send,
      recentMessages: server.recentMessages,
      sender: 'me@example.com',
      queueId: () => 'queue-1',
      connected: () => connected,
      onChange: (entries) => snapshots.push(entries),
      random: () => 0.5,
      newLocalId: () => `local-${++ids}`,
      limits: { baseMs: 1000, capMs: 8000, maxAttempts: 5, maxEntries: 5, sentGraceMs: 5000 },
      ...overrides,
    });
    box.start();
    return box;
  }
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    server = new FakeServer();
    connected = true;
    snapshots = [];
    ids = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends with the queue id and a local id, and keeps the delivered message until its event arrives', async () => {
    const box = outbox();
    const accepted = box.add(general('Hello'));
    expect(accepted).toMatchObject({ ok: true, value: { localId: 'local-1', content: 'Hello' } });
    await settle();
    expect(server.posts).toEqual([
      { type: 'channel', to: 1, topic: 'plans', content: 'Hello', local_id: 'local-1', queue_id: 'queue-1' },
    ]);
    expect(box.list()).toMatchObject([{ localId: 'local-1', state: 'sent', messageId: 100 }]);
    box.observe([messageEvent(100, 'local-1')]);
    expect(box.list()).toEqual([]);
    // The window saw every state: accepted, on its way, delivered, gone.
    expect(snapshots.map((s) => s.map((e) => e.state).join())).toEqual([
      'waiting',
      'sending',
      'sending',
      'sent',
      '',
    ]);
  });

  it('delivers in order: a message typed offline waits behind the earlier one, and all go once the connection returns', async () => {
    server.down = true;
    connected = false;
    const box = outbox();
    box.add(general('one'));
    await settle();
    box.add(general('two'));
    box.add(general('three'));
    await vi.advanceTimersByTimeAsync(60_000);
    // One attempt at once, then nothing while the event loop is out of touch.
    expect(server.posts.map((p) => p.content)).toEqual(['one']);
    expect(box.list().map((e) => e.state)).toEqual(['waiting', 'waiting', 'waiting']);

    server.down = false;
    connected = true;
    box.connectionChanged(true);
    await settle();
    expect(server.contents()).toEqual(['one', 'two', 'three']);
    // 'one' may have reached the server the first time: it was checked for before being sent again.
    expect(server.checks).toBe(1);
    expect(box.list().map((e) => [e.content, e.state])).toEqual([
      ['one', 'sent'],
      ['two', 'sent'],
      ['three', 'sent'],
    ]);
  });

  it('never sends twice a message whose answer was lost: the server is asked first', async () => {
    const box = outbox();
    server.behaviours = ['lost'];
    box.add(general('Did this arrive?'));
    await settle();
    expect(server.contents()).toEqual(['Did this arrive?']);
    expect(box.list()).toMatchObject([{ state: 'waiting', attempts: 1 }]);

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.checks).toBe(1);
    expect(server.posts).toHaveLength(1);
    expect(server.contents()).toEqual(['Did this arrive?']);
    expect(box.list()).toMatchObject([{ state: 'sent', messageId: 100 }]);
  });

  it('finds a lost message where it was moved or its topic resolved before the check', async () => {
    const box = outbox();
    server.behaviours = ['lost', 'lost'];
    box.add(general('Moved away'));
    box.add(general('Resolved under me'));
    await settle();
    expect(server.contents()).toEqual(['Moved away']);
    server.move(100, 'channel:2:elsewhere');
    await vi.advanceTimersByTimeAsync(1000);
    expect(box.list()).toMatchObject([
      { content: 'Moved away', state: 'sent', messageId: 100 },
      { content: 'Resolved under me', state: 'waiting' },
    ]);
    server.move(101, 'channel:1:✔ plans', true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.contents()).toEqual(['Moved away', 'Resolved under me']);
    expect(server.posts).toHaveLength(2);
    expect(box.list()).toMatchObject([
      { content: 'Moved away', state: 'sent' },
      { content: 'Resolved under me', state: 'sent', messageId: 101 },
    ]);
  });

  it('sends again a message that did not reach the server, after checking', async () => {
    const box = outbox();
    server.behaviours = ['server_error'];
    box.add(general('Try me again'));
    await settle();
    expect(server.contents()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.checks).toBe(1);
    expect(server.contents()).toEqual(['Try me again']);
    // The same local id both times: the server's event names it whichever attempt it came from.
    expect(server.posts.map((p) => p.local_id)).toEqual(['local-1', 'local-1']);
  });

  it('a request that found no server is sent again without a check, and can be taken back meanwhile', async () => {
    const box = outbox();
    server.behaviours = ['no_connection'];
    box.add(general('Nobody answered'));
    await settle();
    expect(box.list()).toMatchObject([{ state: 'waiting', attempts: 1, mayBeOnServer: false }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.checks).toBe(0);
    expect(server.contents()).toEqual(['Nobody answered']);
  });

  it('does not take the same words sent from another device just before for this send', async () => {
    const box = outbox();
    // Ada's phone sent it a moment before; the app saw its event.
    server.messages.push({
      id: 90,
      content: 'ok, on my way',
      timestamp: Math.floor(Date.now() / 1000) - 5,
      to: 'channel:1:plans',
      sender: 'me@example.com',
    });
    box.observe([messageEvent(90)]);
    // This send's answer is lost before the server got it: the check must not find the phone's.
    server.behaviours = ['server_error'];
    box.add(general('ok, on my way'));
    await settle();
    expect(box.list()).toMatchObject([{ mayBeOnServer: true }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.checks).toBe(1);
    expect(server.contents()).toEqual(['ok, on my way', 'ok, on my way']);
    expect(box.list()).toMatchObject([{ state: 'sent', messageId: 100 }]);
  });

  it('does not take an earlier message with the same words for a lost one', async () => {
    const box = outbox();
    box.add(general('ok'));
    await settle();
    box.observe([messageEvent(100, 'local-1')]);
    // The same word again; this request dies before reaching the server.
    server.behaviours = ['server_error'];
    box.add(general('ok'));
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.contents()).toEqual(['ok', 'ok']);
    expect(box.list()).toMatchObject([{ content: 'ok', state: 'sent', messageId: 101 }]);
  });

  it('takes the event carrying its local id as delivery, even when the answer is lost', async () => {
    const box = outbox();
    server.behaviours = ['lost'];
    box.add(general('Seen in the stream'));
    await settle();
    box.observe([messageEvent(100, 'local-1')]);
    expect(box.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.posts).toHaveLength(1);
    expect(server.checks).toBe(0);
  });

  it('keeps a refused message as failed, untried, until the user retries, edits or discards it', async () => {
    const box = outbox();
    server.behaviours = ['refuse'];
    box.add(general('Not allowed'));
    box.add(general('Fine'));
    await settle();
    expect(box.list()).toMatchObject([
      { content: 'Not allowed', state: 'failed', reason: 'Not allowed here.' },
      { content: 'Fine', state: 'sent' },
    ]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.posts).toHaveLength(2);

    expect(box.retry('local-1')).toBe(true);
    await settle();
    expect(server.contents()).toEqual(['Fine', 'Not allowed']);
    // No check: a refused message never reached the server.
    expect(server.checks).toBe(0);

    server.behaviours = ['refuse'];
    box.add(general('Take me back'));
    await settle();
    expect(box.discard('local-3')).toMatchObject({ content: 'Take me back', state: 'failed' });
    expect(box.list().map((e) => e.localId)).not.toContain('local-3');
    expect(box.discard('local-3')).toBeNull();
  });

  it('backs off between attempts, up to a bound, then leaves the message failed', async () => {
    const box = outbox();
    server.behaviours = Array<SendBehaviour>(10).fill('server_error');
    box.add(general('Persistent'));
    await settle();
    const times = [Date.now()];
    const before = server.posts.length;
    for (let i = 0; i < 100 && box.list()[0]?.state !== 'failed'; i++) {
      await vi.advanceTimersByTimeAsync(250);
      if (server.posts.length > before + times.length - 1) times.push(Date.now());
    }
    expect(server.posts).toHaveLength(5);
    expect(box.list()).toMatchObject([{ state: 'failed', attempts: 5, mayBeOnServer: true }]);
    // Each answer was an error from the server (the message may be there): not "not sent".
    expect(box.list()[0]?.reason).toMatch(/^no answer after 5 attempts/i);
    // Waits grow (0.75 of 1 s, 2 s, 4 s, 8 s with random 0.5) and stop at the cap.
    const waits = times.slice(1).map((t, i) => t - times[i]!);
    expect(waits).toEqual([750, 1500, 3000, 6000]);
  });

  it('backs off when the server cannot say whether it has the message, and stops at the bound', async () => {
    const box = outbox();
    server.behaviours = ['server_error'];
    server.checksFail = true;
    box.add(general('Maybe sent'));
    await settle();
    expect(server.posts).toHaveLength(1);
    // A minute of a server that answers no check: a handful of checks, further and further apart,
    // then the message waits for the user (it asked about 1.3 times a second, for ever).
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.checks).toBe(4);
    expect(server.posts).toHaveLength(1);
    expect(box.list()).toMatchObject([{ state: 'failed', attempts: 5, mayBeOnServer: true }]);
    expect(box.list()[0]?.reason).toMatch(/^no answer after 5 attempts/i);
    // Told to try again, it checks first; the server has it now and answers: it is not sent twice.
    server.checksFail = false;
    server.messages.push({
      id: 7,
      content: 'Maybe sent',
      timestamp: Math.floor(Date.now() / 1000),
      to: 'channel:1:plans',
      sender: 'me@example.com',
    });
    expect(box.retry('local-1')).toBe(true);
    await settle();
    expect(server.posts).toHaveLength(1);
    expect(box.list()).toMatchObject([{ state: 'sent', messageId: 7 }]);
  });

  it('refuses a message past the size bound, with a clear reason', async () => {
    server.down = true;
    connected = false;
    const box = outbox();
    for (let i = 0; i < 5; i++) expect(box.add(general(`m${i}`)).ok).toBe(true);
    const refused = box.add(general('one too many'));
    expect(refused).toMatchObject({ ok: false, error: { code: 'CLIENT_OUTBOX_FULL' } });
    expect(box.list()).toHaveLength(5);
  });

  it('drops a delivered message whose event never comes after the grace period', async () => {
    const box = outbox();
    box.add(general('Quiet queue'));
    await settle();
    expect(box.list()).toMatchObject([{ state: 'sent' }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(box.list()).toEqual([]);
  });

  describe('on disk', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it('survives a restart: what was on its way is checked, then sent once, in order; the file is private', async () => {
      server.down = true;
      connected = false;
      const first = outbox(new OutboxFile(dataDir, 'account-1'));
      first.add(general('before the restart'));
      await settle();
      first.add(general('also before'));
      first.stop();
      const path = join(dataDir, 'outbox', 'account-1.json');
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(readFileSync(path, 'utf8')).not.toMatch(/api_?key/i);

      // A new run of the app, the server back.
      server.down = false;
      const second = outbox(new OutboxFile(dataDir, 'account-1'));
      expect(second.list().map((e) => [e.content, e.state])).toEqual([
        ['before the restart', 'waiting'],
        ['also before', 'waiting'],
      ]);
      await settle();
      // The first was tried before the restart: nothing goes until the connection is confirmed.
      expect(server.contents()).toEqual([]);
      connected = true;
      second.connectionChanged(true);
      await settle();
      expect(server.contents()).toEqual(['before the restart', 'also before']);
      expect(server.checks).toBe(1);

      // Delivered messages are not kept for a third run.
      second.stop();
      const third = outbox(new OutboxFile(dataDir, 'account-1'));
      expect(third.list()).toEqual([]);
      third.stop();
    });

    it('an answer arriving after the app stopped does not overwrite what the next run keeps', async () => {
      let answer: (value: CallResult<{ id: number }>) => void = () => {};
      const first = outbox(new OutboxFile(dataDir, 'account-1'), {
        send: () => new Promise((resolve) => (answer = resolve)),
      });
      first.add(general('in flight at quit'));
      await settle();
      first.stop();
      const second = outbox(new OutboxFile(dataDir, 'account-1'));
      second.stop();
      answer({ ok: true, value: { id: 7 } });
      await settle();
      const kept = JSON.parse(
        readFileSync(join(dataDir, 'outbox', 'account-1.json'), 'utf8'),
      ) as StoredOutbox;
      expect(kept.entries).toMatchObject([
        { content: 'in flight at quit', state: 'waiting', uncertain: true },
      ]);
    });

    it('a message sent just before the app died, and stored by the server, is not sent again', async () => {
      const first = outbox(new OutboxFile(dataDir, 'account-1'), {
        // The app dies while the request is out: its answer never comes.
        send: async (params) => {
          await server.send(params);
          return new Promise<never>(() => {});
        },
      });
      first.add(general('Sent as the app quit'));
      await settle();
      first.stop();
      const second = outbox(new OutboxFile(dataDir, 'account-1'));
      second.connectionChanged(true);
      await settle();
      expect(server.contents()).toEqual(['Sent as the app quit']);
      expect(second.list()).toMatchObject([{ state: 'sent', messageId: 100 }]);
      second.stop();
    });
  });
});
