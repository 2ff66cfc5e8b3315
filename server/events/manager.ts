import { randomBytes } from 'node:crypto';
import { ApiError } from '../http/errors';
import type { EventPayload, EventSink, Realm } from '../realm/realm';
import { DISPLAY_SETTINGS, NOTIFICATION_SETTINGS } from '../realm/user-settings';
import { compileNarrow } from '../realm/narrow';
import { EventQueue, type DeliveredEvent, type QueueOptions } from './queue';

export interface EventTimings {
  heartbeatSeconds: number;
  queueIdleTimeoutSeconds: number;
}

export function badEventQueueId(queueId: string): ApiError {
  return new ApiError(`Bad event queue ID: ${queueId}`, 'BAD_EVENT_QUEUE_ID', 400, { queue_id: queueId });
}

/**
 * All event queues of the server. The realm publishes through `sink`; each event is copied into the
 * queues of the users allowed to see it that asked for its type, adapted to each client's declared
 * capabilities.
 */
export class EventQueueManager {
  private readonly queues = new Map<string, EventQueue>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly realm: Realm,
    readonly timings: EventTimings,
  ) {
    const every = Math.max(200, Math.min(60_000, (timings.queueIdleTimeoutSeconds * 1000) / 4));
    this.sweeper = setInterval(() => this.expireIdle(), every);
    this.sweeper.unref();
  }

  readonly sink: EventSink = {
    publish: (userIds, event) => {
      // Only users with a queue get a copy: a per-user payload is not even built for the others
      // (a public channel's message is offered to everyone in a 20,000-person organization).
      const queuesByUser = new Map<number, EventQueue[]>();
      for (const queue of this.queues.values()) {
        const list = queuesByUser.get(queue.options.userId);
        if (list) list.push(queue);
        else queuesByUser.set(queue.options.userId, [queue]);
      }
      for (const userId of new Set(userIds)) {
        const queues = queuesByUser.get(userId);
        if (!queues) continue;
        const payload = typeof event === 'function' ? event(userId) : event;
        if (!payload) continue;
        for (const queue of queues) {
          const adapted = adaptForQueue(this.realm, queue, payload);
          for (const e of Array.isArray(adapted) ? adapted : adapted ? [adapted] : []) {
            if (queue.wants(e.type)) queue.push(e);
          }
        }
      }
    },
  };

  register(options: QueueOptions): EventQueue {
    const id = `${Date.now().toString(36)}:${randomBytes(6).toString('hex')}`;
    const queue = new EventQueue(id, options, Date.now());
    this.queues.set(id, queue);
    return queue;
  }

  get(queueId: string, userId: number): EventQueue {
    this.expireIdle();
    const queue = this.queues.get(queueId);
    if (!queue || queue.options.userId !== userId) throw badEventQueueId(queueId);
    return queue;
  }

  delete(queueId: string, userId: number): void {
    const queue = this.get(queueId, userId);
    queue.wake();
    this.queues.delete(queueId);
  }

  /**
   * GET /events: return pending events, or block until one arrives or the heartbeat period passes, in
   * which case a heartbeat event is added and returned.
   */
  async getEvents(
    queue: EventQueue,
    lastEventId: number | undefined,
    dontBlock: boolean,
  ): Promise<DeliveredEvent[]> {
    queue.lastTouched = Date.now();
    if (lastEventId !== undefined) queue.acknowledge(lastEventId);
    const after = lastEventId ?? -1;
    let events = queue.pending(after);
    if (events.length > 0 || dontBlock) return events;
    const deadline = Date.now() + this.timings.heartbeatSeconds * 1000;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        queue.push({ type: 'heartbeat' });
        events = queue.pending(after);
        break;
      }
      const reason = await queue.wait(remaining);
      if (!this.queues.has(queue.id)) throw badEventQueueId(queue.id);
      events = queue.pending(after);
      if (events.length > 0 || reason === 'superseded') break;
    }
    queue.lastTouched = Date.now();
    return events;
  }

  /** Queues not polled for the idle timeout are garbage collected. */
  expireIdle(): void {
    const cutoff = Date.now() - this.timings.queueIdleTimeoutSeconds * 1000;
    for (const [id, q] of this.queues) {
      if (!q.isPolling && q.lastTouched < cutoff) this.queues.delete(id);
    }
  }

  queuesOf(userId: number): EventQueue[] {
    return [...this.queues.values()].filter((q) => q.options.userId === userId);
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const q of this.queues.values()) q.wake();
    this.queues.clear();
  }
}

/** Whether a message satisfies the narrow a queue was registered with. */
function matchesQueueNarrow(realm: Realm, queue: EventQueue, messageId: unknown): boolean {
  const message = typeof messageId === 'number' ? realm.messagesById.get(messageId) : undefined;
  const user = realm.users.get(queue.options.userId);
  if (!message || !user) return false;
  try {
    return compileNarrow(realm, user, queue.options.narrow).matches(message);
  } catch {
    return false;
  }
}

function emptyTopicFields(realm: Realm, event: Record<string, unknown>, keys: string[]): void {
  for (const key of keys) if (event[key] === '') event[key] = realm.emptyTopicDisplayName;
}

/**
 * Adapt one event to one client: drop internal fields (`__` prefix), apply `apply_markdown`, the `empty_topic_name`, `stream_typing_notifications` and `user_settings_object`
 * capabilities. Returns null when this client must not get the event, or several events where an old client
 * expects one per item.
 */
export function adaptForQueue(
  realm: Realm,
  queue: EventQueue,
  payload: EventPayload,
): EventPayload | EventPayload[] | null {
  const caps = queue.options.capabilities;
  const event: Record<string, unknown> = structuredClone(payload);
  const internal: Record<string, unknown> = {};
  for (const key of Object.keys(event)) {
    if (key.startsWith('__')) {
      internal[key] = event[key];
      delete event[key];
    }
  }
  switch (event.type) {
    case 'message': {
      const message = event.message as Record<string, unknown>;
      if (internal.__all_public_streams_only && !queue.options.allPublicStreams) return null;
      if (queue.options.narrow.length > 0 && !matchesQueueNarrow(realm, queue, internal.__message_id))
        return null;
      if (!queue.options.applyMarkdown && typeof internal.__raw_content === 'string') {
        message.content = internal.__raw_content;
        message.content_type = 'text/x-markdown';
      }
      if (!caps.empty_topic_name && message.type === 'stream') emptyTopicFields(realm, message, ['subject']);
      // Only the sender's own queue, and only the one the send named, learns the local id.
      if (
        internal.__sender_queue_id === queue.id &&
        internal.__local_id !== undefined &&
        message.sender_id === queue.options.userId
      ) {
        event.local_message_id = internal.__local_id;
      }
      break;
    }
    case 'update_message_flags':
      if (!caps.empty_topic_name && event.message_details && typeof event.message_details === 'object') {
        for (const detail of Object.values(
          event.message_details as Record<string, Record<string, unknown>>,
        )) {
          emptyTopicFields(realm, detail, ['topic']);
        }
      }
      break;
    case 'delete_message':
      if (!caps.empty_topic_name) emptyTopicFields(realm, event, ['topic']);
      // Clients without `bulk_message_deletion` get one event per message, with `message_id`.
      if (!caps.bulk_message_deletion && Array.isArray(event.message_ids)) {
        const { message_ids: ids, ...rest } = event;
        return (ids as number[]).map((message_id) => ({ ...rest, type: 'delete_message', message_id }));
      }
      break;
    case 'subscription':
      // Spec part 6: `subscribers` only if the client asked for them at registration.
      if (!queue.options.includeSubscribers && Array.isArray(event.subscriptions)) {
        for (const sub of event.subscriptions as Record<string, unknown>[]) delete sub.subscribers;
      }
      break;
    case 'typing_edit_message':
      if (!caps.empty_topic_name && event.recipient && typeof event.recipient === 'object') {
        emptyTopicFields(realm, event.recipient as Record<string, unknown>, ['topic']);
      }
      break;
    case 'typing':
      if (event.message_type === 'stream' && !caps.stream_typing_notifications) return null;
      if (!caps.empty_topic_name) emptyTopicFields(realm, event, ['topic']);
      break;
    case 'update_message':
      if (!caps.empty_topic_name) emptyTopicFields(realm, event, ['subject', 'orig_subject', 'topic']);
      if (!queue.options.applyMarkdown && typeof internal.__raw_content === 'string') {
        event.content = internal.__raw_content;
      }
      break;
    case 'presence':
      if (caps.simplified_presence_events && internal.__presences)
        return { type: 'presence', presences: internal.__presences };
      break;
    case 'user_settings':
      if (!caps.user_settings_object) {
        const property = event.property as string;
        if (DISPLAY_SETTINGS.has(property)) {
          return {
            type: 'update_display_settings',
            user: internal.__email,
            setting_name: property,
            setting: event.value,
            ...(event.language_name !== undefined ? { language_name: event.language_name } : {}),
          };
        }
        if (!NOTIFICATION_SETTINGS.has(property)) return null;
        return {
          type: 'update_global_notifications',
          user: internal.__email,
          notification_name: property,
          setting: event.value,
        };
      }
      break;
  }
  return event as EventPayload;
}
