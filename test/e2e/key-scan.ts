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
    for (const text of this.received) findSecrets(text, secrets, leaks);
    if (leaks.size > 0) throw new Error(`A bridge frame sent to the page carried ${[...leaks].join(', ')}.`);
  }
}

/** Secrets' first characters: a big organization's are looked up at each position of a frame. */
const PREFIX = 8;

/**
 * Adds to `leaks` what each secret found in `text` is. A few secrets are each searched for; many
 * (20,000 people: 40,000 secrets over megabytes of frames) are found in one pass over the text,
 * looking up each position's first characters.
 */
export function findSecrets(text: string, secrets: Map<string, string>, leaks: Set<string>): void {
  if (secrets.size <= 100) {
    for (const [secret, what] of secrets) if (text.includes(secret)) leaks.add(what);
    return;
  }
  const byPrefix = prefixIndex(secrets);
  for (let i = 0; i + PREFIX <= text.length; i++) {
    const candidates = byPrefix.get(text.slice(i, i + PREFIX));
    if (!candidates) continue;
    for (const secret of candidates) if (text.startsWith(secret, i)) leaks.add(secrets.get(secret)!);
  }
}

const prefixIndexes = new WeakMap<Map<string, string>, Map<string, string[]>>();

function prefixIndex(secrets: Map<string, string>): Map<string, string[]> {
  let index = prefixIndexes.get(secrets);
  if (!index) {
    index = new Map();
    for (const secret of secrets.keys()) {
      const prefix = secret.slice(0, PREFIX);
      const list = index.get(prefix);
      if (list) list.push(secret);
      else index.set(prefix, [secret]);
    }
    prefixIndexes.set(secrets, index);
  }
  return index;
}
