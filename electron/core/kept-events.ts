import type { ChatEvent } from '../../shared/api/events';

/**
 * Events of one registration kept, at most, for a window that attaches later (a reload, an account
 * switched back to): it gets the registration's state and these to apply, rather than a new
 * registration (the heaviest call, and a second one at every launch whose first events came before
 * the window). Past either bound nothing more is kept, and the next window to attach gets a fresh
 * registration instead.
 */
export const MAX_KEPT_EVENTS = 1000;
/** About 8 MB of text: a topic moved with thousands of message ids, long messages. */
export const MAX_KEPT_CHARS = 4_000_000;

/** Meaningful only when they happen: a typing notice replayed later would show someone typing now. */
const NOT_KEPT = new Set(['heartbeat', 'typing', 'typing_edit_message']);

export class KeptEvents {
  private events: ChatEvent[] | null = [];
  private chars = 0;

  constructor(
    private readonly maxEvents = MAX_KEPT_EVENTS,
    private readonly maxChars = MAX_KEPT_CHARS,
  ) {}

  /** A new registration: nothing delivered on it yet. */
  reset(): void {
    this.events = [];
    this.chars = 0;
  }

  add(events: readonly ChatEvent[]): void {
    if (!this.events) return;
    for (const event of events) {
      if (NOT_KEPT.has(event.type)) continue;
      this.events.push(event);
      // Sized as it crossed the wire (the unknown kind keeps its raw body).
      this.chars += JSON.stringify(event).length;
    }
    if (this.events.length > this.maxEvents || this.chars > this.maxChars) this.events = null;
  }

  /** The events kept, oldest first; null once more came than are kept. */
  get list(): readonly ChatEvent[] | null {
    return this.events;
  }
}
