import type { ChatEvent, KnownEvent } from '../../shared/api/events';
import { settingChangeOf } from '../../shared/api/setting-change';
import type { RegisterResponse } from '../../shared/api/register';
import type { EventBatch, SessionStarted } from '../../shared/ipc';
import { notificationContext } from '../../shared/notifications/context';
import { incomingMessage, notificationDecision } from '../../shared/notifications/decide';
import {
  channelsAfter,
  mutedUsersAfter,
  subscriptionsAfter,
  userSettingAfter,
  userTopicsAfter,
} from '../../shared/register-state';

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

  /** The unread message ids and the register state the notification rules read, as kept now. */
  get kept(): { unread: ReadonlySet<number>; state: RegisterResponse } {
    return { unread: this.unread, state: this.state };
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
      default:
        this.state = notificationStateAfter(this.state, event);
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

/** The parts of the register state the notification rules read, moved on by one event. */
function notificationStateAfter(state: RegisterResponse, event: KnownEvent): RegisterResponse {
  switch (event.type) {
    case 'subscription':
      return subscriptionsAfter(state, event);
    case 'stream':
      return channelsAfter(state, event);
    case 'user_topic':
      return userTopicsAfter(state, event);
    case 'muted_users':
      return mutedUsersAfter(state, event);
    case 'user_settings':
    case 'update_display_settings':
    case 'update_global_notifications': {
      const change = settingChangeOf(event);
      return change ? userSettingAfter(state, change) : state;
    }
    default:
      return state;
  }
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
