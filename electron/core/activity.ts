import type { ChatEvent } from '../../shared/api/events';
import type { EventBatch, SessionStarted } from '../../shared/ipc';

/**
 * What the shell shows outside the window for one account: the unread count (tray, badge) and
 * the desktop notifications for direct messages and mentions, following the user's settings.
 */

export interface DesktopNotification {
  accountId: string;
  messageId: number;
  title: string;
  body: string;
}

type Settings = Record<string, unknown>;

export class AccountActivity {
  private readonly unread = new Set<number>();
  private readonly settings: Settings;
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
    this.settings = { ...(state.user_settings ?? {}) };
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
        return fromMe || flags.includes('read') ? null : this.notificationFor(event.message, flags);
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
        this.settings[event.property] = event.value;
        return null;
      default:
        return null;
    }
  }

  private notificationFor(
    message: Extract<ChatEvent, { type: 'message'; kind: 'known' }>['message'],
    flags: string[],
  ): DesktopNotification | null {
    // DMs, mentions and alert words all follow the one "desktop notifications" setting (on unless set off).
    if (this.settings.enable_desktop_notifications === false) return null;
    const direct = message.type === 'private';
    const wildcard = flags.includes('wildcard_mentioned') || flags.includes('stream_wildcard_mentioned');
    const mentioned =
      flags.includes('mentioned') ||
      flags.includes('has_alert_word') ||
      (wildcard && this.settings.wildcard_mentions_notify !== false);
    if (!direct && !mentioned) return null;
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
