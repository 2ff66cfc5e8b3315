import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgePush } from '../../../shared/ipc-wire';
import { getMessages, sendMessage } from '../../../shared/api/messages';
import { ChatCore } from '../../../electron/core/app-core';
import { demoConfigFrom } from '../../../electron/core/demo-accounts';
import { fileModeProtector } from '../../../electron/core/vault';
import { startServer, type RunningServer } from '../../../server/index';
import { TEST_TIMINGS } from '../../support/reference-server';
import { waitUntil } from '../../support/loop-harness';

// `npm start` keeps its demo organization in a data file: the app's saved account must keep working
// when the server stops and starts again on that file, mid-conversation, with no new sign-in; and
// when the whole app restarts too.

let dir: string;
let dataFile: string;
let server: RunningServer;
let core: ChatCore;
const pushes: BridgePush[] = [];

const sessions = () => pushes.filter((push) => push.channel === 'session');
const messageEvents = () =>
  pushes
    .filter((push) => push.channel === 'events')
    .flatMap((push) => (push.channel === 'events' ? push.payload.events : []))
    .filter((event) => event.type === 'message');

function newCore(): ChatCore {
  const next = new ChatCore({
    dataDir: join(dir, 'web-host'),
    protector: fileModeProtector,
    userAgent: 'test',
    demo: demoConfigFrom(server.url, server.credentials.users),
    backoff: { baseMs: 50, capMs: 200 },
    requestTimeoutMs: 3000,
    log: () => {},
  });
  next.subscribe((push) => pushes.push(push));
  next.start();
  return next;
}

const topicNarrow = [
  { operator: 'channel', operand: 'general' },
  { operator: 'topic', operand: 'across restarts' },
];

async function say(content: string): Promise<number> {
  const sent = await core.callActive(sendMessage, {
    type: 'channel',
    to: 'general',
    topic: 'across restarts',
    content,
  });
  if (!sent.ok) throw new Error(`send failed: ${JSON.stringify(sent.error)}`);
  return sent.value.id;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-demo-restart-'));
  dataFile = join(dir, 'organization.data');
  server = await startServer({ port: 0, quiet: true, dataFile, timings: TEST_TIMINGS });
  core = newCore();
});

afterAll(async () => {
  await core.stop();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo server restarted on its data file', () => {
  it('the signed-in app carries on: same key, earlier messages, new ones sent and received', async () => {
    const added = await core.addDemo('ada@northwind.example');
    expect(added.ok).toBe(true);
    await waitUntil(() => sessions().length === 1, 'the first session');
    const before = await say('before the restart');

    const port = Number(new URL(server.url).port);
    await server.close();
    server = await startServer({ port, quiet: true, dataFile, timings: TEST_TIMINGS });
    expect(server.restored).toBe(true);

    // The old event queue is gone with the old process: the app registers again by itself.
    await waitUntil(() => sessions().length === 2, 'a new session on the restarted server', 15000);
    expect(core.accountsState().accounts).toHaveLength(1);
    expect(core.connectionStatus().state).toBe('connected');

    const after = await say('after the restart');
    expect(after).toBeGreaterThan(before);
    await waitUntil(
      () => messageEvents().some((event) => (event as { message?: { id?: number } }).message?.id === after),
      'the new message as an event',
    );
    const history = await core.callActive(getMessages, {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: topicNarrow,
    });
    if (!history.ok) throw new Error('history failed');
    expect(history.value.messages.map((m) => m.content.replace(/<[^>]+>/g, ''))).toEqual([
      'before the restart',
      'after the restart',
    ]);
  });

  it('a restarted app (server and web host) opens the saved account without a sign-in', async () => {
    await core.stop();
    const port = Number(new URL(server.url).port);
    await server.close();
    server = await startServer({ port, quiet: true, dataFile, timings: TEST_TIMINGS });
    const sessionsBefore = sessions().length;
    core = newCore();
    await waitUntil(() => sessions().length === sessionsBefore + 1, 'a session for the saved account');
    expect((await say('after both restarts')) > 0).toBe(true);
  });
});
