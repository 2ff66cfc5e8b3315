import type { EventPayload } from '../realm/realm';
import type { NarrowTerm } from '../realm/narrow';

export interface ClientCapabilities {
  notification_settings_null: boolean;
  bulk_message_deletion: boolean;
  user_avatar_url_field_optional: boolean;
  stream_typing_notifications: boolean;
  user_settings_object: boolean;
  linkifier_url_template: boolean;
  user_list_incomplete: boolean;
  include_deactivated_groups: boolean;
  archived_channels: boolean;
  empty_topic_name: boolean;
  /** `presence` events carry `presences` (per user id, the modern form) instead of one user's clients. */
  simplified_presence_events: boolean;
}

export interface QueueOptions {
  userId: number;
  /** null = all types. */
  eventTypes: Set<string> | null;
  capabilities: ClientCapabilities;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
  /** POST /register `include_subscribers`: only then do subscription add events carry `subscribers`. */
  includeSubscribers: boolean;
  /** Message events are limited to this narrow (POST /register `narrow`); empty = all. */
  narrow: NarrowTerm[];
}

export type DeliveredEvent = EventPayload & { id: number };

/**
 * One client's event queue (spec 4.5): events get increasing ids; acknowledged ones are pruned; a
 * blocked GET /events waits on `waiter`.
 */
export class EventQueue {
  readonly events: DeliveredEvent[] = [];
  /** The id of the last event added (-1 before any). */
  lastEventId = -1;
  lastTouched: number;
  private waiter: ((reason: 'event' | 'timeout' | 'superseded') => void) | null = null;

  constructor(
    readonly id: string,
    readonly options: QueueOptions,
    now: number,
  ) {
    this.lastTouched = now;
  }

  wants(type: string): boolean {
    if (type === 'heartbeat') return true;
    const types = this.options.eventTypes;
    if (!types) return true;
    if (types.has(type)) return true;
    // Deprecated settings events travel with the `user_settings` type, and the reverse.
    if (
      (type === 'update_display_settings' || type === 'update_global_notifications') &&
      types.has('user_settings')
    )
      return true;
    return false;
  }

  push(event: EventPayload): void {
    this.lastEventId += 1;
    this.events.push({ ...event, id: this.lastEventId });
    this.wake();
  }

  /** Drop events the client has processed. */
  acknowledge(lastEventId: number): void {
    while (this.events.length > 0 && this.events[0]!.id <= lastEventId) this.events.shift();
  }

  pending(lastEventId: number): DeliveredEvent[] {
    return this.events.filter((e) => e.id > lastEventId);
  }

  /**
   * Wait for an event for at most `ms`. Resolves with why it stopped: a new event, the time passed, or
   * another long poll on the same queue took over.
   */
  wait(ms: number): Promise<'event' | 'timeout' | 'superseded'> {
    this.waiter?.('superseded');
    return new Promise((resolve) => {
      const timer = setTimeout(() => done('timeout'), ms);
      const done = (reason: 'event' | 'timeout' | 'superseded') => {
        clearTimeout(timer);
        if (this.waiter === done) this.waiter = null;
        resolve(reason);
      };
      this.waiter = done;
    });
  }

  wake(): void {
    this.waiter?.('event');
  }

  get isPolling(): boolean {
    return this.waiter !== null;
  }
}
