import type { ChatEvent } from '../../shared/api/events';
import type { RegisterResponse } from '../../shared/api/register';
import type { EventBatch, SessionStarted } from '../../shared/ipc';
import { notificationContext } from '../../shared/notifications/context';
import { incomingMessage, notificationDecision } from '../../shared/notifications/decide';

/**
 * What the shell shows outside the window for one account: the unread count (tray, badge) and
 * the desktop notifications, by the same rules as the window's (shared/notifications: DMs,
 * mentions, muted channels, topics and users, the user's settings).
 */

export interface DesktopNotification {
  accountId: string;
  messageId: number;
  title: string;
  body: string;
}

export class AccountActivity {
  private readonly unread = new Set<number>();
  /** What the notification rules read (settings, subscriptions, topics), kept current by events. */
  private state: RegisterResponse;
  private readonly ownUserId: number | undefined;

  /**
   * `shownInWindow`: whether a window shows this account now. Its page then notifies by itself,
   * with the whole of the user's rules (muting, the conversation being read), so the shell does not.
   */
  constructor(
    readonly accountId: string,
    session: SessionStarted,
    private readonly shownInWindow: () => boolean = () => false,
  ) {
    const state = session.initialState;
    this.ownUserId = state.user_id;
    this.state = { ...state, user_settings: { ...(state.user_settings ?? {}) } };
    const unread = state.unread_msgs;
    for (const group of [...(unread?.pms ?? []), ...(unread?.streams ?? []), ...(unread?.huddles ?? [])])
      for (const id of group.unread_message_ids) this.unread.add(id);
  }

  get unreadCount(): number {
    return this.unread.size;
  }

  /** Applies a batch; returns the notifications it calls for. */
  apply(batch: EventBatch): DesktopNotification[] {
    const notifications: DesktopNotification[] = [];
    for (const event of batch.events) {
      const notification = this.applyOne(event);
      if (notification) notifications.push(notification);
    }
    return this.shownInWindow() ? [] : notifications;
  }

  private applyOne(event: ChatEvent): DesktopNotification | null {
    if (event.kind !== 'known') return null;
    switch (event.type) {
      case 'message': {
        const flags = event.flags ?? event.message.flags ?? [];
        const fromMe = event.message.sender_id === this.ownUserId;
        if (!fromMe && !flags.includes('read')) this.unread.add(event.message.id);
        return this.notificationFor(event.message, flags);
      }
      case 'update_message_flags': {
        if (event.flag !== 'read') return null;
        if (event.op === 'add') {
          if (event.all) this.unread.clear();
          for (const id of event.messages) this.unread.delete(id);
        } else {
          for (const id of event.messages) this.unread.add(id);
        }
        return null;
      }
      case 'delete_message': {
        for (const id of event.message_ids ?? (event.message_id !== undefined ? [event.message_id] : []))
          this.unread.delete(id);
        return null;
      }
      case 'user_settings':
        this.state = {
          ...this.state,
          user_settings: { ...this.state.user_settings, [event.property]: event.value },
        };
        return null;
      case 'subscription':
        this.state = {
          ...this.state,
          subscriptions: subscriptionsAfter(this.state.subscriptions ?? [], event),
        };
        return null;
      case 'user_topic':
        this.state = { ...this.state, user_topics: userTopicsAfter(this.state.user_topics ?? [], event) };
        return null;
      case 'muted_users':
        this.state = { ...this.state, muted_users: event.muted_users };
        return null;
      default:
        return null;
    }
  }

  private notificationFor(
    message: Extract<ChatEvent, { type: 'message'; kind: 'known' }>['message'],
    flags: string[],
  ): DesktopNotification | null {
    if (this.ownUserId === undefined) return null;
    const context = notificationContext(this.state, this.ownUserId, () => false);
    if (!notificationDecision(incomingMessage(message, flags), context)) return null;
    const direct = message.type === 'private';
    const sender = message.sender_full_name ?? 'Someone';
    const where = direct
      ? 'direct message'
      : `#${typeof message.display_recipient === 'string' ? message.display_recipient : 'channel'} > ${message.subject ?? ''}`;
    return {
      accountId: this.accountId,
      messageId: message.id,
      title: direct ? sender : `${sender} (${where})`,
      body: plainText(message.content).slice(0, 240),
    };
  }
}

type KnownEvent<T extends string> = Extract<ChatEvent, { type: T; kind: 'known' }>;
type Subscriptions = NonNullable<RegisterResponse['subscriptions']>;
type UserTopics = NonNullable<RegisterResponse['user_topics']>;

function subscriptionsAfter(subs: Subscriptions, event: KnownEvent<'subscription'>): Subscriptions {
  switch (event.op) {
    case 'add': {
      const added = new Set(event.subscriptions.map((sub) => sub.stream_id));
      return [...subs.filter((sub) => !added.has(sub.stream_id)), ...event.subscriptions];
    }
    case 'remove': {
      const removed = new Set(event.subscriptions.map((sub) => sub.stream_id));
      return subs.filter((sub) => !removed.has(sub.stream_id));
    }
    case 'update':
      return subs.map((sub) => {
        if (sub.stream_id !== event.stream_id) return sub;
        const next = { ...sub, [event.property]: event.value };
        // The older name of muting, still sent by some servers, and its newer one.
        if (event.property === 'in_home_view') next.is_muted = !event.value;
        if (event.property === 'is_muted') next.in_home_view = !event.value;
        return next;
      });
    default:
      return subs;
  }
}

/** A topic's visibility policy for the user (0 removes the entry). */
function userTopicsAfter(topics: UserTopics, event: KnownEvent<'user_topic'>): UserTopics {
  const same = (topic: UserTopics[number]) =>
    topic.stream_id === event.stream_id && topic.topic_name.toLowerCase() === event.topic_name.toLowerCase();
  const rest = topics.filter((topic) => !same(topic));
  if (event.visibility_policy === 0) return rest;
  return [
    ...rest,
    {
      stream_id: event.stream_id,
      topic_name: event.topic_name,
      last_updated: event.last_updated,
      visibility_policy: event.visibility_policy,
    },
  ];
}

/** Message content is HTML; a notification shows text only. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => {
      const map: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
      return map[entity] ?? '';
    })
    .replace(/\s+/g, ' ')
    .trim();
}
