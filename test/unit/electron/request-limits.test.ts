import { createServer, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, successResponse } from '../../../shared/api/endpoint';
import { endpoints } from '../../../shared/api';
import { HttpClient } from '../../../electron/core/http-client';
import { createBridgeRouter } from '../../../electron/core/ipc-router';
import type { ChatCore } from '../../../electron/core/app-core';
import { CallBudget, RendererCallLimits, RequestPool } from '../../../electron/core/request-limits';

const getThing = defineEndpoint({
  name: 'getThing',
  method: 'GET',
  path: '/things/{thing_id}',
  params: z.object({ thing_id: z.number() }),
  response: successResponse({ thing: z.object({ id: z.number() }) }),
});
const postThing = defineEndpoint({
  name: 'postThing',
  method: 'POST',
  path: '/things/{thing_id}',
  params: z.object({ thing_id: z.number() }),
  response: successResponse({ thing: z.object({ id: z.number() }) }),
});

/** A server that holds every request until `answerAll` and counts what is open at once. */
async function holdingServer() {
  const held: { id: number; res: ServerResponse }[] = [];
  let open = 0;
  let mostOpen = 0;
  let received = 0;
  const server = createServer((req, res) => {
    received += 1;
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    res.on('close', () => (open -= 1));
    held.push({ id: Number(req.url?.split('/').pop()?.split('?')[0]), res });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ open, mostOpen, received, held: held.length }),
    answerAll() {
      for (const { id, res } of held.splice(0))
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ result: 'success', msg: '', thing: { id } }));
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

describe('RequestPool', () => {
  it('lets maxActive through, queues maxQueued, refuses the rest at once, and hands places on in order', async () => {
    const pool = new RequestPool(2, 2);
    const a = await pool.acquire();
    const b = await pool.acquire();
    const order: string[] = [];
    const c = pool.acquire().then((release) => (order.push('c'), release));
    const d = pool.acquire().then((release) => (order.push('d'), release));
    expect(await pool.acquire()).toBeNull();
    expect([pool.inProgress, pool.queued]).toEqual([2, 2]);
    a!();
    a!(); // a second release frees nothing more
    await c;
    expect(order).toEqual(['c']);
    b!();
    await d;
    expect(order).toEqual(['c', 'd']);
    expect(pool.inProgress).toBe(2);
  });

  it('gives up a queued place when its request is cancelled', async () => {
    const pool = new RequestPool(1, 5);
    const first = await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort();
    expect(await waiting).toBeNull();
    expect(pool.queued).toBe(0);
    first!();
    expect(pool.inProgress).toBe(0);
  });
});

describe('CallBudget and RendererCallLimits', () => {
  it('allows a burst, then the refill rate, and counts refusals', () => {
    let now = 0;
    const budget = new CallBudget({ burst: 5, perSecond: 10, now: () => now });
    expect(Array.from({ length: 8 }, () => budget.take()).filter(Boolean)).toHaveLength(5);
    expect(budget.takeRefusedCount()).toBe(3);
    now += 200; // two calls' worth
    expect(Array.from({ length: 5 }, () => budget.take()).filter(Boolean)).toHaveLength(2);
  });

  it('reports a flood once per interval, with how much was refused', () => {
    let now = 0;
    const reports: number[] = [];
    const limits = new RendererCallLimits(
      (refused) => reports.push(refused),
      new CallBudget({ burst: 10, perSecond: 10, now: () => now }),
      () => now,
      5000,
    );
    for (let i = 0; i < 1000; i++) limits.admit();
    expect(reports).toEqual([1]);
    now += 6000;
    for (let i = 0; i < 1000; i++) limits.admit();
    expect(reports).toHaveLength(2);
    expect(reports[1]).toBeGreaterThan(900);
  });
});

describe('HttpClient bounds', () => {
  const client = (url: string, pool = { maxActive: 3, maxQueued: 5 }) =>
    new HttpClient({
      serverUrl: url,
      credentials: { email: 'a@example.com', apiKey: 'k' },
      userAgent: 'test',
      maxRetries: 0,
      pool,
    });

  it('keeps at most maxActive requests on the wire and refuses past the queue', async () => {
    const server = await holdingServer();
    closers.push(server.close);
    const http = client(server.url);
    const calls = Array.from({ length: 20 }, (_, i) => http.call(postThing, { thing_id: i }));
    await waitFor(() => server.stats().received === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.stats().received).toBe(3);
    server.answerAll();
    const results = await Promise.race([
      Promise.all(calls),
      (async () => {
        for (let i = 0; i < 10; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          server.answerAll();
        }
        return Promise.all(calls);
      })(),
    ]);
    const refused = results.filter(
      (r) => !r.ok && r.error.kind === 'api' && r.error.code === 'CLIENT_OVERLOADED',
    );
    expect(refused).toHaveLength(12);
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    expect(server.stats().mostOpen).toBeLessThanOrEqual(3);
  });

  it('shares one request among identical GETs in flight, but never among POSTs', async () => {
    const server = await holdingServer();
    closers.push(server.close);
    const http = client(server.url);
    const gets = Array.from({ length: 50 }, () => http.call(getThing, { thing_id: 7 }));
    const other = http.call(getThing, { thing_id: 8 });
    await waitFor(() => server.stats().received === 2);
    server.answerAll();
    const answers = await Promise.all([...gets, other]);
    expect(answers.every((r) => r.ok)).toBe(true);
    expect(server.stats().received).toBe(2);
    // Once answered, the same GET goes on the wire again.
    const again = http.call(getThing, { thing_id: 7 });
    await waitFor(() => server.stats().received === 3);
    server.answerAll();
    expect((await again).ok).toBe(true);

    const posts = [http.call(postThing, { thing_id: 1 }), http.call(postThing, { thing_id: 1 })];
    await waitFor(() => server.stats().received === 5);
    server.answerAll();
    await Promise.all(posts);
  });
});

describe('bridge router with a renderer budget', () => {
  it('refuses calls past the budget without reaching the core, and still answers other methods', async () => {
    let reached = 0;
    const core = {
      callActive: async () => {
        reached += 1;
        return { ok: true, value: {} };
      },
      connectionStatus: () => ({ state: 'connected' }),
    } as unknown as ChatCore;
    const router = createBridgeRouter(core, { openExternal: async () => {} });
    const reports: number[] = [];
    const limits = new RendererCallLimits(
      (n) => reports.push(n),
      new CallBudget({ burst: 20, perSecond: 1 }),
    );
    const name: keyof typeof endpoints = 'getStreams';
    const results = (await Promise.all(
      Array.from({ length: 500 }, () => router.handle('call', [name, {}], limits)),
    )) as { ok: boolean; error?: { code: string } }[];
    expect(reached).toBe(20);
    expect(results.filter((r) => !r.ok && r.error?.code === 'CLIENT_TOO_MANY_CALLS')).toHaveLength(480);
    expect(reports).toHaveLength(1);
    expect(await router.handle('connectionStatus', [], limits)).toEqual({ state: 'connected' });
  });
});
