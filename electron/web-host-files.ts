import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ACCOUNT_FILE_ROUTE } from '../shared/ipc-wire';
import type { accountFileReply } from './core/account-files';
import type { ChatCore } from './core/app-core';

/**
 * The web host's route for the accounts' uploads: `/account-files/<account id>/user_uploads/...`,
 * answered by main with the file fetched with the account's credentials. An `<img>` cannot send
 * the per-launch secret itself, so a page that proved it holds the secret (opened with `?token=`,
 * or opening the bridge) gets a cookie for this route: HttpOnly, SameSite=Strict, only this path,
 * its own random value, named after the port (cookies do not tell ports apart).
 */
export class AccountFileRoute {
  private readonly secret = randomBytes(32).toString('base64url');

  /**
   * `answer` is the core's file fetch, given once the core is loaded (the web host serves its page
   * before that): a request that comes earlier waits for it.
   */
  constructor(
    private readonly answer: Promise<{ core: ChatCore; reply: typeof accountFileReply }>,
    private readonly port: () => number,
  ) {}

  private get cookieName(): string {
    return `teamchat_files_${this.port()}`;
  }

  /** The Set-Cookie header value for a page that holds the secret. */
  cookie(): string {
    return `${this.cookieName}=${this.secret}; Path=${ACCOUNT_FILE_ROUTE}/; HttpOnly; SameSite=Strict`;
  }

  matches(request: IncomingMessage): boolean {
    return (request.url ?? '').startsWith(`${ACCOUNT_FILE_ROUTE}/`);
  }

  private allowed(request: IncomingMessage): boolean {
    const expected = Buffer.from(this.secret);
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name !== this.cookieName) continue;
      const given = Buffer.from(value.join('='));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    return false;
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    if (!this.allowed(request)) {
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden');
      return;
    }
    // The path stays percent-encoded: it goes to the chat server as the page gave it.
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const rest = url.pathname.slice(ACCOUNT_FILE_ROUTE.length + 1);
    const slash = rest.indexOf('/');
    let accountId = '';
    try {
      accountId = decodeURIComponent(rest.slice(0, Math.max(0, slash)));
    } catch {
      // an unreadable id is no account
    }
    const abort = new AbortController();
    response.on('close', () => abort.abort());
    const { core, reply: accountFileReply } = await this.answer;
    const reply = await accountFileReply(core, accountId, slash < 0 ? '' : rest.slice(slash), {
      download: url.searchParams.has('download'),
      signal: abort.signal,
    });
    response.writeHead(reply.status, reply.headers);
    if (request.method === 'HEAD' || !reply.body) {
      await reply.body?.cancel();
      response.end();
      return;
    }
    Readable.fromWeb(reply.body as unknown as NodeReadableStream<Uint8Array>)
      .on('error', () => response.destroy())
      .pipe(response);
  }
}
