import type { BrowserContext, WebSocket } from '@playwright/test';
import type { RunningServer } from '../../server/index';

/**
 * The rule "the renderer never sees an API key", checked on every UI test: every frame the host
 * sends a page over the bridge is recorded and, when the test ends, searched for every key of the
 * organization (each person's, each bot's, the internal bots' too) and for the Basic-auth form of
 * each. The only frame allowed to carry one is the answer to `bots.revealApiKey`, the click on a
 * bot's "Show API key"; those are counted apart.
 */
export class BridgeKeyScan {
  private readonly received: string[] = [];
  revealAnswers = 0;

  watch(context: BrowserContext): void {
    for (const page of context.pages()) page.on('websocket', (socket) => this.record(socket));
    context.on('page', (page) => page.on('websocket', (socket) => this.record(socket)));
  }

  private record(socket: WebSocket): void {
    const revealIds = new Set<string>();
    socket.on('framesent', ({ payload }) => {
      const text = String(payload);
      const match = /"id":(\d+)/.exec(text);
      if (match && text.includes('"method":"bots.revealApiKey"')) revealIds.add(match[1]!);
    });
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      const answer = /^\{"type":"response","id":(\d+)/.exec(text);
      if (answer && revealIds.delete(answer[1]!)) this.revealAnswers++;
      else this.received.push(text);
    });
  }

  get frameCount(): number {
    return this.received.length;
  }

  /** Throws naming whose key a frame carried (never the key itself). */
  check(server: RunningServer): void {
    const secrets = new Map<string, string>();
    const add = (email: string, key: string) => {
      if (key.length < 8) return;
      secrets.set(key, `the API key of ${email}`);
      secrets.set(Buffer.from(`${email}:${key}`).toString('base64'), `the Basic credentials of ${email}`);
    };
    for (const user of server.credentials.users) add(user.email, user.api_key);
    for (const user of server.realm.users.values()) add(user.email, user.api_key);
    const leaks = new Set<string>();
    for (const text of this.received)
      for (const [secret, what] of secrets) if (text.includes(secret)) leaks.add(what);
    if (leaks.size > 0) throw new Error(`A bridge frame sent to the page carried ${[...leaks].join(', ')}.`);
  }
}
