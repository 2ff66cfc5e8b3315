import type { ChatEvent } from '../../shared/api/events';
import type { RegisterResponse } from '../../shared/api/register';

/**
 * The API keys of the bots an account owns, as the server told main: from POST /register's
 * `realm_bots` (the server fills `api_key` only for the user's own bots) and kept current by
 * `realm_bot` events (a regenerated key arrives in an `update`). They stay in main; the renderer
 * gets one only by asking for it (`bots.revealApiKey`), never with the state it is sent.
 */
export class BotKeys {
  private readonly keys = new Map<number, string>();

  reset(state: RegisterResponse): void {
    this.keys.clear();
    const bots = (state as { realm_bots?: unknown }).realm_bots;
    if (Array.isArray(bots)) for (const bot of bots) this.record(bot);
  }

  apply(events: readonly ChatEvent[]): void {
    for (const event of events) {
      if (event.type !== 'realm_bot') continue;
      // One the decoder did not recognise still counts: its body is kept in `raw`.
      const body = (event.kind === 'known' ? event : event.raw) as { op?: unknown; bot?: unknown } | null;
      const op = body?.op;
      const bot = body?.bot;
      if (op === 'remove' || op === 'delete') {
        const id = (bot as { user_id?: unknown } | undefined)?.user_id;
        if (typeof id === 'number') this.keys.delete(id);
      } else this.record(bot);
    }
  }

  /** The key of a bot the account owns; null when the server gave none (not the owner, or no such bot). */
  get(botUserId: number): string | null {
    return this.keys.get(botUserId) ?? null;
  }

  private record(bot: unknown): void {
    if (typeof bot !== 'object' || bot === null) return;
    const { user_id: id, api_key: key } = bot as { user_id?: unknown; api_key?: unknown };
    if (typeof id !== 'number' || typeof key !== 'string') return;
    if (key === '') this.keys.delete(id);
    else this.keys.set(id, key);
  }
}
