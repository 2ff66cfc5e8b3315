import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';

/**
 * An HTTP proxy on 127.0.0.1 that forwards to a target server and injects faults on demand: error
 * statuses, Retry-After, malformed bodies, answers slower than the client's timeout, connections
 * cut mid-request, requests held without an answer (a hung server), and a port that refuses
 * connections. Every request is recorded.
 */

export type Fault =
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'malformed'; status?: number }
  /** Forward, but hold the answer back this long. */
  | { kind: 'delay'; ms: number }
  /** Forward, but keep the server's answer until `releaseAnswers()` (a server slow by any margin). */
  | { kind: 'holdAnswer' }
  /** Forward, then destroy the client's connection before any answer (a server dying mid-poll). */
  | { kind: 'reset'; afterMs?: number }
  /** Forward, let the server answer, then cut the client's connection: the answer is lost. */
  | { kind: 'dropAnswer' }
  /**
   * A server that accepted the connection and hangs: the request is never forwarded and never
   * answered, until the client gives up, `releaseHeld()` or `down()`.
   */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  userAgent: string | undefined;
  /** What the proxy did with it. */
  fault: Fault['kind'] | 'forwarded';
}

/** Decides per request: a fault, or null to forward untouched. */
export type FaultRule = (request: {
  method: string;
  path: string;
  query: Record<string, string>;
}) => Fault | null;

export class FaultProxy {
  readonly requests: RecordedRequest[] = [];
  /** Requests the client gave up (closed its connection) while `hang` or `holdAnswer` kept them. */
  readonly abandoned: RecordedRequest[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly queued: { match: (path: string) => boolean; fault: Fault }[] = [];
  private rule: FaultRule | null = null;
  private readonly held = new Set<ServerResponse>();
  private readonly heldAnswers = new Set<() => void>();
  port = 0;

  constructor(private target: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Points the proxy at another server (e.g. a restarted one on a new port). */
  retarget(target: string): void {
    this.target = target;
  }

  /** Injects `fault` into the next request whose path contains `pathPart` (all requests if omitted). */
  next(fault: Fault, pathPart = ''): void {
    this.queued.push({ match: (path) => path.includes(pathPart), fault });
  }

  setRule(rule: FaultRule | null): void {
    this.rule = rule;
  }

  /** Requests held by `hang` right now. */
  get heldCount(): number {
    return this.held.size;
  }

  /** Ends every held request by cutting its connection (the hung server's process died). */
  releaseHeld(): void {
    const held = [...this.held];
    this.held.clear();
    for (const res of held) res.destroy();
  }

  /** Passes on every answer kept by `holdAnswer` so far. */
  releaseAnswers(): void {
    const answers = [...this.heldAnswers];
    this.heldAnswers.clear();
    for (const send of answers) send();
  }

  /** Starts listening (again, on the same port after `down`). */
  async up(): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection: new connections are refused until `up`. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const query = Object.fromEntries(url.searchParams);
    const info = { method: req.method ?? 'GET', path: url.pathname, query };
    const index = this.queued.findIndex((entry) => entry.match(url.pathname));
    const fault = index >= 0 ? this.queued.splice(index, 1)[0]!.fault : (this.rule?.(info) ?? null);
    const recorded: RecordedRequest = {
      ...info,
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      fault: fault?.kind ?? 'forwarded',
    };
    this.requests.push(recorded);
    if (fault?.kind === 'holdAnswer')
      res.on('close', () => {
        if (!res.writableEnded) this.abandoned.push(recorded);
      });

    if (fault?.kind === 'status') {
      req.resume();
      res.writeHead(fault.status, { 'Content-Type': 'application/json', ...fault.headers });
      res.end(
        fault.body ?? JSON.stringify({ result: 'error', msg: 'Injected failure', code: 'BAD_REQUEST' }),
      );
      return;
    }
    if (fault?.kind === 'malformed') {
      req.resume();
      res.writeHead(fault.status ?? 200, { 'Content-Type': 'application/json' });
      res.end('{"result": "success", "events": [');
      return;
    }
    if (fault?.kind === 'hang') {
      req.resume();
      this.held.add(res);
      // Still held when it closes: the client went away (releaseHeld takes it out first).
      res.on('close', () => {
        if (this.held.delete(res)) this.abandoned.push(recorded);
      });
      return;
    }
    if (fault?.kind === 'reset') {
      req.resume();
      setTimeout(() => req.socket.destroy(), fault.afterMs ?? 0);
      return;
    }
    this.forward(req, res, fault);
  }

  private forward(req: IncomingMessage, res: ServerResponse, fault: Fault | null): void {
    const dropAnswer = fault?.kind === 'dropAnswer';
    const target = new URL(req.url ?? '/', this.target);
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const send = () => {
            if (res.destroyed) return;
            if (dropAnswer) {
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          };
          if (fault?.kind === 'holdAnswer') {
            this.heldAnswers.add(send);
            res.on('close', () => this.heldAnswers.delete(send));
          } else if (fault?.kind === 'delay') setTimeout(send, fault.ms);
          else send();
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => res.destroy());
    // A lost answer must still reach the server in full: only an abandoned request stops early.
    res.on('close', () => {
      if (!dropAnswer) upstream.destroy();
    });
    req.pipe(upstream);
  }
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const proxy = new FaultProxy(target);
  await proxy.up();
  return proxy;
}
