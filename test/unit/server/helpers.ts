import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../../../server/index';
import type { User } from '../../../server/realm/users';

export type Params = Record<string, unknown>;

export interface ApiResult {
  status: number;
  body: Record<string, unknown> & { result: string; msg: string; code?: string };
}

/** Encode per spec part 1: strings as-is, everything else as JSON text. */
export function encodeParams(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return form;
}

export class Client {
  constructor(
    readonly server: RunningServer,
    readonly email: string,
    readonly apiKey: string,
  ) {}

  async call(method: string, path: string, params: Params = {}): Promise<ApiResult> {
    const form = encodeParams(params);
    const inQuery = method === 'GET';
    const url = `${this.server.url}/api/v1${path}${inQuery && [...form].length ? `?${form}` : ''}`;
    const res = await fetch(url, {
      method,
      headers: {
        authorization: 'Basic ' + Buffer.from(`${this.email}:${this.apiKey}`).toString('base64'),
        ...(inQuery ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: inQuery ? undefined : form.toString(),
    });
    return { status: res.status, body: (await res.json()) as ApiResult['body'] };
  }

  /** Call and expect success; returns the body. */
  async ok(method: string, path: string, params: Params = {}): Promise<Record<string, unknown>> {
    const r = await this.call(method, path, params);
    if (r.body.result !== 'success')
      throw new Error(`${method} ${path} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  async register(params: Params = {}): Promise<EventReader> {
    const body = await this.ok('POST', '/register', params);
    return new EventReader(this, body.queue_id as string, body.last_event_id as number, body);
  }
}

/** Reads a real queue with dont_block, for asserting which events an action produced. */
export class EventReader {
  constructor(
    readonly client: Client,
    readonly queueId: string,
    public lastEventId: number,
    readonly state: Record<string, unknown>,
  ) {}

  async drain(): Promise<Record<string, unknown>[]> {
    const body = await this.client.ok('GET', '/events', {
      queue_id: this.queueId,
      last_event_id: this.lastEventId,
      dont_block: true,
    });
    const events = body.events as Record<string, unknown>[];
    if (events.length > 0) this.lastEventId = events.at(-1)!.id as number;
    return events.filter((e) => e.type !== 'heartbeat');
  }

  async ofType(type: string): Promise<Record<string, unknown>[]> {
    return (await this.drain()).filter((e) => e.type === type);
  }
}

export interface Harness {
  server: RunningServer;
  as(user: User | string): Client;
}

/** Start one server for a test file (port 0, short timings), stop it after. */
export function useServer(options: ServerOptions = {}): Harness {
  const harness = {} as Harness & { server: RunningServer };
  beforeAll(async () => {
    harness.server = await startServer({ port: 0, seed: 'demo', quiet: true, ...options });
  });
  afterAll(async () => {
    await harness.server.close();
  });
  harness.as = (user: User | string) => {
    const u =
      typeof user === 'string'
        ? [...harness.server.realm.users.values()].find((x) => x.email === user || x.full_name === user)
        : user;
    if (!u) throw new Error(`no user ${String(user)}`);
    return new Client(harness.server, u.email, u.api_key);
  };
  return harness;
}

/** Demo users by role, looked up in the live realm. */
export function demoUsers(server: RunningServer) {
  const byEmail = (e: string) => [...server.realm.users.values()].find((u) => u.email === e)!;
  return {
    owner: byEmail('ada@northwind.example'),
    admin: byEmail('ben@northwind.example'),
    moderator: byEmail('chloe@northwind.example'),
    member: byEmail('dmitri@northwind.example'),
    member2: byEmail('elena@northwind.example'),
    member3: byEmail('farid@northwind.example'),
    guest: byEmail('grace@partner.example'),
    bot: byEmail('deploy-bot@northwind.example'),
  };
}

/** Send a channel message through the API; returns its id. */
export async function sendToChannel(
  client: Client,
  channel: string,
  topic: string,
  content: string,
): Promise<number> {
  const body = await client.ok('POST', '/messages', { type: 'stream', to: channel, topic, content });
  return body.id as number;
}

export function channelId(server: RunningServer, name: string): number {
  const c = [...server.realm.channels.values()].find((x) => x.name === name);
  if (!c) throw new Error(`no channel ${name}`);
  return c.stream_id;
}

/** Make a message look `seconds` older than it is. */
export function age(server: RunningServer, messageId: number, seconds: number): void {
  const m = server.realm.messagesById.get(messageId)!;
  m.timestamp -= seconds;
}
