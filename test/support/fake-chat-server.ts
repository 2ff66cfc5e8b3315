import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A scripted stand-in for a chat server's queue endpoints (server_settings, users/me, register,
 * events), small enough that a test controls every event and every queue. The reference server in
 * server/ is the real check; this one lets the event loop's unit tests run without it.
 */

export interface FakeServerOptions {
  featureLevel?: number;
  users?: Record<string, string>;
  /** A blocking poll with nothing to return answers with a heartbeat after this long. */
  heartbeatMs?: number;
  longPollTimeoutSeconds?: number;
  /**
   * People sent in register's `realm_users`. As the real service does, a `long_term_idle` one's
   * `avatar_url` is left out for a client declaring `user_avatar_url_field_optional`.
   */
  realmUsers?: {
    user_id: number;
    email: string;
    full_name: string;
    avatar_url: string;
    long_term_idle?: boolean;
  }[];
}

interface Queue {
  id: string;
  events: { id: number; type: string; [key: string]: unknown }[];
  waiter: (() => void) | null;
}

export class FakeChatServer {
  private server: Server | null = null;
  private readonly queues = new Map<string, Queue>();
  private nextEventId = 0;
  registrations = 0;
  deletedQueues: string[] = [];
  port = 0;

  constructor(private readonly options: FakeServerOptions = {}) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    const address = this.server.address();
    if (address && typeof address === 'object') this.port = address.port;
    return this;
  }

  async close(): Promise<void> {
    for (const queue of this.queues.values()) queue.waiter?.();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Appends an event to every queue and returns its id. */
  emit(type: string, fields: Record<string, unknown> = {}): number {
    const id = this.nextEventId++;
    for (const queue of this.queues.values()) {
      queue.events.push({ ...fields, id, type });
      queue.waiter?.();
    }
    return id;
  }

  /** Forgets every queue, as a server does when queues expire. */
  expireQueues(): void {
    for (const queue of this.queues.values()) queue.waiter?.();
    this.queues.clear();
  }

  get queueCount(): number {
    return this.queues.size;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const fields =
      req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : new URLSearchParams(body);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const send = (status: number, payload: Record<string, unknown>) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
    };
    const error = (status: number, code: string, msg: string, extra: Record<string, unknown> = {}) =>
      send(status, { result: 'error', msg, code, ...extra });

    if (path === '/server_settings')
      return send(200, {
        result: 'success',
        msg: '',
        service_feature_level: this.options.featureLevel ?? 400,
        service_version: 'fake',
        realm_name: 'Fake Org',
        realm_icon: '/static/icon.png',
      });

    const login = parseBasic(req.headers.authorization);
    const users = this.options.users ?? { 'iago@example.com': 'key-iago' };
    if (!login || users[login.email] !== login.key) return error(401, 'UNAUTHORIZED', 'Invalid API key');

    if (path === '/users/me')
      return send(200, { result: 'success', msg: '', user_id: 1, email: login.email });

    if (path === '/register' && req.method === 'POST') {
      this.registrations++;
      const queue: Queue = { id: randomUUID(), events: [], waiter: null };
      this.queues.set(queue.id, queue);
      const capabilities = JSON.parse(fields.get('client_capabilities') ?? '{}') as Record<string, unknown>;
      const avatarOptional = capabilities.user_avatar_url_field_optional === true;
      const realmUsers = this.options.realmUsers?.map(({ long_term_idle, avatar_url, ...user }) =>
        long_term_idle && avatarOptional ? user : { ...user, avatar_url },
      );
      return send(200, {
        result: 'success',
        msg: '',
        queue_id: queue.id,
        last_event_id: this.nextEventId - 1,
        service_feature_level: this.options.featureLevel ?? 400,
        event_queue_longpoll_timeout_seconds: this.options.longPollTimeoutSeconds ?? 2,
        ...(realmUsers ? { realm_users: realmUsers } : {}),
      });
    }

    if (path === '/events') {
      const queue = this.queues.get(fields.get('queue_id') ?? '');
      if (!queue)
        return error(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${fields.get('queue_id')}`, {
          queue_id: fields.get('queue_id'),
        });
      if (req.method === 'DELETE') {
        this.queues.delete(queue.id);
        this.deletedQueues.push(queue.id);
        return send(200, { result: 'success', msg: '' });
      }
      const lastEventId = Number(fields.get('last_event_id') ?? -1);
      // Acknowledged events leave the queue, as the spec's last_event_id describes.
      queue.events = queue.events.filter((event) => event.id > lastEventId);
      if (queue.events.length === 0 && fields.get('dont_block') !== 'true') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.heartbeatMs ?? 500);
          queue.waiter = () => {
            clearTimeout(timer);
            resolve();
          };
          res.on('close', queue.waiter);
        });
        queue.waiter = null;
        if (!this.queues.has(queue.id))
          return error(400, 'BAD_EVENT_QUEUE_ID', 'Bad event queue ID', { queue_id: queue.id });
        if (queue.events.length === 0) {
          // A heartbeat takes an id of its own, as on the real service.
          queue.events.push({ id: this.nextEventId++, type: 'heartbeat' });
        }
      }
      return send(200, {
        result: 'success',
        msg: '',
        queue_id: queue.id,
        events: queue.events.slice(0, 1000),
      });
    }
    return error(404, 'BAD_REQUEST', 'Not found');
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', () => resolve(''));
  });
}

function parseBasic(header: string | undefined): { email: string; key: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { email: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}
