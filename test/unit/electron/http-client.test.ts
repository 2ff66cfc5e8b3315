import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, emptySuccess, successResponse } from '../../../shared/api/endpoint';
import { APP_NAME, APP_VERSION } from '../../../electron/core/app-info';
import { HttpClient, isSameOrigin, userAgent } from '../../../electron/core/http-client';
import { scaledClock, waitUntil } from '../../support/loop-harness';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

/** A throwaway HTTP server whose answer each test scripts; it records every request. */
async function scriptedServer(handler: Handler) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));

const getThing = defineEndpoint({
  name: 'getThing',
  method: 'GET',
  path: '/things/{thing_id}',
  params: z.object({
    thing_id: z.number(),
    narrow: z.array(z.string()).optional(),
    label: z.string().optional(),
  }),
  response: successResponse({ thing: z.object({ id: z.number() }) }),
});
const updateThing = defineEndpoint({
  name: 'updateThing',
  method: 'PATCH',
  path: '/things/{thing_id}',
  params: z.object({ thing_id: z.number(), label: z.string(), flags: z.array(z.number()) }),
  response: emptySuccess,
});
const deleteThing = defineEndpoint({
  name: 'deleteThing',
  method: 'DELETE',
  path: '/things',
  params: z.object({ queue_id: z.string() }),
  response: emptySuccess,
});

let servers: { close(): Promise<void> }[] = [];
beforeEach(() => {
  servers = [];
});
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function serve(handler: Handler) {
  const server = await scriptedServer(handler);
  servers.push(server);
  return server;
}

function clientFor(url: string, extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) {
  const clock = scaledClock(0.001);
  const client = new HttpClient({
    serverUrl: url,
    credentials: { email: 'iago@example.com', apiKey: 'secret-key-123' },
    userAgent: 'TeamChat/9.9 (test)',
    clock,
    retryBaseMs: 100,
    retryCapMs: 1000,
    ...extra,
  });
  return { client, clock };
}

describe('HttpClient: the wire', () => {
  it('sends GET fields in the query string with Basic auth and the User-Agent', async () => {
    const server = await serve((_, res) =>
      json(res, 200, { result: 'success', msg: '', thing: { id: 5 }, extra: 1 }),
    );
    const { client } = clientFor(server.url);
    const result = await client.call(getThing, { thing_id: 5, narrow: ['a b'], label: 'x&y' });
    expect(result).toEqual({ ok: true, value: { result: 'success', msg: '', thing: { id: 5 }, extra: 1 } });
    const [request] = server.seen;
    expect(request!.method).toBe('GET');
    expect(request!.url).toBe('/api/v1/things/5?narrow=%5B%22a+b%22%5D&label=x%26y');
    expect(request!.body).toBe('');
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from('iago@example.com:secret-key-123').toString('base64')}`,
    );
    expect(request!.headers['user-agent']).toBe('TeamChat/9.9 (test)');
  });

  it('form-encodes the body of other methods, and puts DELETE fields in the query string', async () => {
    const server = await serve((_, res) => json(res, 200, { result: 'success', msg: '' }));
    const { client } = clientFor(server.url);
    expect((await client.call(updateThing, { thing_id: 3, label: 'a=b', flags: [1, 2] })).ok).toBe(true);
    expect((await client.call(deleteThing, { queue_id: 'q 1' })).ok).toBe(true);
    expect(server.seen[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/v1/things/3',
      body: 'label=a%3Db&flags=%5B1%2C2%5D',
    });
    expect(server.seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(server.seen[1]).toMatchObject({ method: 'DELETE', url: '/api/v1/things?queue_id=q+1', body: '' });
  });

  it('names the app and its version in the User-Agent', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { productName: string; version: string };
    expect([APP_NAME, APP_VERSION]).toEqual([pkg.productName, pkg.version]);
    expect(userAgent(APP_NAME, APP_VERSION, 'Electron 45')).toMatch(
      /^TeamChat\/0\.1\.0 \(\w+; Electron 45\)$/,
    );
  });
});

describe('HttpClient: failures come back as data', () => {
  it('returns API errors with their code and extra fields', async () => {
    const server = await serve((_, res) =>
      json(res, 400, { result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST', stream_id: 9 }),
    );
    const result = await clientFor(server.url).client.call(getThing, { thing_id: 1 });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'api',
        status: 400,
        code: 'BAD_REQUEST',
        msg: 'Invalid channel ID',
        extra: { stream_id: 9 },
      },
    });
    expect(server.seen).toHaveLength(1);
  });

  it('calls a body that is not JSON, or that the decoder rejects, malformed', async () => {
    let body = 'oops';
    const server = await serve((_, res) => res.writeHead(200).end(body));
    const { client } = clientFor(server.url);
    expect(await client.call(getThing, { thing_id: 1 })).toEqual({
      ok: false,
      error: { kind: 'malformed', status: 200, message: 'the body is not JSON' },
    });
    body = JSON.stringify({ result: 'success', msg: '', thing: { id: 'five' } });
    const result = await client.call(getThing, { thing_id: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({ kind: 'malformed', message: expect.stringContaining('thing.id') });
  });

  it('reports a refused connection and a silent server as network failures', async () => {
    const silent = await serve(() => {});
    const { client } = clientFor(silent.url, { maxRetries: 0 });
    const started = Date.now();
    const timedOut = await client.call(getThing, { thing_id: 1 }, { timeoutMs: 200 });
    expect(timedOut).toMatchObject({ ok: false, error: { kind: 'network', reason: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(2000);

    const closed = await serve(() => {});
    const url = closed.url;
    await closed.close();
    servers = servers.filter((server) => server !== closed);
    const refused = await clientFor(url, { maxRetries: 0 }).client.call(getThing, { thing_id: 1 });
    // Refused: the request never left, which the outbox relies on to send again without a check.
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'network', reason: 'connection_failed', notSent: true },
    });
    // A timeout after the request was written may have reached the server.
    expect(timedOut.ok ? null : timedOut.error).not.toHaveProperty('notSent');
  });
});

describe('HttpClient: retries', () => {
  it('retries a GET after 5xx and network errors, with bounded backoff', async () => {
    let calls = 0;
    const server = await serve((_, res) => {
      calls++;
      if (calls < 3) json(res, 503, { result: 'error', msg: 'busy' });
      else json(res, 200, { result: 'success', msg: '', thing: { id: 1 } });
    });
    const { client, clock } = clientFor(server.url);
    expect((await client.call(getThing, { thing_id: 1 })).ok).toBe(true);
    expect(calls).toBe(3);
    expect(clock.waits).toHaveLength(2);
    expect(clock.waits[0]).toBeLessThan(100);
    expect(clock.waits[1]).toBeLessThan(200);
  });

  it('never repeats a PATCH after a 5xx: it may have been applied', async () => {
    const server = await serve((_, res) => json(res, 500, { result: 'error', msg: 'boom' }));
    const result = await clientFor(server.url).client.call(updateThing, {
      thing_id: 1,
      label: 'x',
      flags: [],
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'server', status: 500 } });
    expect(server.seen).toHaveLength(1);
  });

  it('repeats any method after a 429, waiting the larger of Retry-After and its own backoff', async () => {
    let calls = 0;
    const server = await serve((_, res) => {
      calls++;
      if (calls === 1)
        json(
          res,
          429,
          { result: 'error', msg: 'Rate limit', code: 'RATE_LIMIT_HIT' },
          { 'Retry-After': '3' },
        );
      else json(res, 200, { result: 'success', msg: '' });
    });
    const { client, clock } = clientFor(server.url);
    expect((await client.call(updateThing, { thing_id: 1, label: 'x', flags: [] })).ok).toBe(true);
    expect(calls).toBe(2);
    expect(clock.waits).toEqual([3000]);
  });

  it('never repeats a disposable notice (typing), not even after a 429', async () => {
    const notice = defineEndpoint({
      name: 'notice',
      method: 'POST',
      path: '/notice',
      disposable: true,
      params: z.object({}),
      response: emptySuccess,
    });
    const server = await serve((_, res) =>
      json(res, 429, { result: 'error', msg: 'Rate limit', code: 'RATE_LIMIT_HIT' }, { 'Retry-After': '1' }),
    );
    const { client, clock } = clientFor(server.url);
    expect(await client.call(notice, {})).toMatchObject({ ok: false, error: { kind: 'api', status: 429 } });
    expect(server.seen).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it('gives up after maxRetries and returns the last failure', async () => {
    const server = await serve((_, res) => json(res, 502, { result: 'error', msg: 'bad gateway' }));
    const { client } = clientFor(server.url, { maxRetries: 1 });
    expect(await client.call(getThing, { thing_id: 1 })).toMatchObject({
      ok: false,
      error: { kind: 'server', status: 502 },
    });
    expect(server.seen).toHaveLength(2);
  });
});

describe('HttpClient: credentials stay with their server', () => {
  it('refuses to follow a redirect to another origin, which never sees the request', async () => {
    const elsewhere = await serve((_, res) =>
      json(res, 200, { result: 'success', msg: '', thing: { id: 1 } }),
    );
    const server = await serve((_, res) =>
      res.writeHead(302, { Location: `${elsewhere.url}/api/v1/things/1` }).end(),
    );
    const result = await clientFor(server.url).client.call(getThing, { thing_id: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({ kind: 'network', message: expect.stringContaining('refused') });
    expect(elsewhere.seen).toEqual([]);
  });

  it('follows a same-origin redirect of a GET', async () => {
    const server = await serve((request, res) => {
      if (request.url.startsWith('/api/v1/things/1'))
        res.writeHead(301, { Location: '/api/v1/things/2' }).end();
      else json(res, 200, { result: 'success', msg: '', thing: { id: 2 } });
    });
    const result = await clientFor(server.url).client.call(getThing, { thing_id: 1 });
    expect(result).toMatchObject({ ok: true, value: { thing: { id: 2 } } });
    expect(server.seen[1]!.headers.authorization).toBeDefined();
  });

  it('judges origins by the parsed URL, not by how the text starts', () => {
    const origin = 'https://chat.example.com';
    expect(isSameOrigin(origin, 'https://chat.example.com/api/v1/users/me')).toBe(true);
    expect(isSameOrigin(origin, 'https://chat.example.com.evil.net/api/v1')).toBe(false);
    expect(isSameOrigin(origin, 'https://chat.example.com@evil.net/api/v1')).toBe(false);
    expect(isSameOrigin(origin, 'http://chat.example.com/api/v1')).toBe(false);
    expect(isSameOrigin(origin, 'https://chat.example.com:8443/api/v1')).toBe(false);
    expect(isSameOrigin(origin, '//evil.net/x')).toBe(false);
    expect(new HttpClient({ serverUrl: 'https://chat.example.com/', userAgent: 'x' }).origin).toBe(origin);
  });
});

describe('HttpClient: cancelling', () => {
  const waitFor = (condition: () => boolean) => waitUntil(condition, 'the server to see it');

  /** A server that never answers GETs; counts the requests whose connection the client closed. */
  async function silentServer() {
    const state = { closedByClient: 0 };
    const server = await serve((_, res) =>
      res.on('close', () => {
        if (!res.writableEnded) state.closedByClient += 1;
      }),
    );
    return { server, state };
  }

  it('aborts the request of a call whose signal aborts: the server sees the connection closed', async () => {
    const { server, state } = await silentServer();
    const { client } = clientFor(server.url);
    const controller = new AbortController();
    const answer = client.call(getThing, { thing_id: 1 }, { signal: controller.signal });
    await waitFor(() => server.seen.length === 1);
    controller.abort();
    expect(await answer).toEqual({
      ok: false,
      error: { kind: 'network', reason: 'other', message: 'cancelled' },
    });
    await waitFor(() => state.closedByClient === 1);
    // Not retried: the caller gave it up.
    expect(server.seen).toHaveLength(1);
  });

  it('keeps an identical GET shared: its request is aborted only when every caller has cancelled', async () => {
    const { server, state } = await silentServer();
    const { client } = clientFor(server.url);
    const first = new AbortController();
    const second = new AbortController();
    const a = client.call(getThing, { thing_id: 2 }, { signal: first.signal });
    const b = client.call(getThing, { thing_id: 2 }, { signal: second.signal });
    await waitFor(() => server.seen.length === 1);
    first.abort();
    expect(await a).toMatchObject({ ok: false, error: { message: 'cancelled' } });
    // The other caller still waits on the same request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.closedByClient).toBe(0);
    second.abort();
    expect(await b).toMatchObject({ ok: false, error: { message: 'cancelled' } });
    await waitFor(() => state.closedByClient === 1);
    expect(server.seen).toHaveLength(1);
  });

  it('sends nothing for a signal aborted before the call', async () => {
    const { server } = await silentServer();
    const { client } = clientFor(server.url);
    const result = await client.call(getThing, { thing_id: 4 }, { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ ok: false, error: { message: 'cancelled' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.seen).toHaveLength(0);
  });

  it('lets a caller that cannot cancel keep a shared GET alive, and answers it', async () => {
    let answer: ((body: unknown) => void) | null = null;
    const server = await serve((_, res) => {
      answer = (body) => json(res, 200, body);
    });
    const { client } = clientFor(server.url);
    const cancelling = new AbortController();
    const a = client.call(getThing, { thing_id: 3 }, { signal: cancelling.signal });
    const b = client.call(getThing, { thing_id: 3 });
    await waitFor(() => answer !== null);
    cancelling.abort();
    expect((await a).ok).toBe(false);
    answer!({ result: 'success', msg: '', thing: { id: 3 } });
    expect(await b).toMatchObject({ ok: true, value: { thing: { id: 3 } } });
    expect(server.seen).toHaveLength(1);
  });
});
