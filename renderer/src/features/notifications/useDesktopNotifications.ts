import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatEvent } from '../../../../shared/api/events';
import type { ChatBridge } from '../../../../shared/ipc';
import { getInitialState } from '../../api/keys';
import type { InitialState, Message } from '../../api/model';
import type { Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { topicLabel } from '../../app/realm';
import { onAppliedEvents } from '../../events/taps';
import { currentAccountScope, whenInAccount } from '../../state/account-scope';
import { useNarrowStore } from '../../state/narrow';
import { notificationText, wordsOfMessage } from './content';
import { notificationContext } from '../../../../shared/notifications/context';
import { incomingMessage, notificationDecision } from '../../../../shared/notifications/decide';
import { narrowShows, otherParticipants } from './context';
import { playChime, showNotification } from './notifier';

/** A burst (a reconnect catching up, a busy channel) gives a few notifications, never hundreds. */
export const MAX_NOTIFICATIONS_PER_BATCH = 3;

/** Notifies about new messages as they arrive (see decide.ts for which ones). */
export function useDesktopNotifications(): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppliedEvents((events) => {
        const state = getInitialState(queryClient);
        if (state) notifyAbout(events, state, bridge);
      }),
    [bridge, queryClient],
  );
}

function notifyAbout(events: readonly ChatEvent[], state: InitialState, bridge: ChatBridge): void {
  const selfId = state.user_id;
  // Most batches (typing, flags, presence) carry no message: nothing to look up for them.
  if (selfId === undefined || !events.some((event) => event.type === 'message')) return;
  const narrow = useNarrowStore.getState().narrow;
  const focused = document.hasFocus();
  const byId = new Map<number, Message>();
  const context = notificationContext(state, selfId, (incoming) => {
    const message = byId.get(incoming.id);
    return focused && message !== undefined && narrowShows(narrow, message, selfId);
  });
  // The account these messages came to: a click may come once another one is open.
  const accountId = currentAccountScope();
  let shown = 0;
  let chimed = false;
  for (const event of events) {
    if (event.type !== 'message' || shown >= MAX_NOTIFICATIONS_PER_BATCH) continue;
    const message = (event as { message: Message }).message;
    const flags = (event as { flags?: string[] }).flags ?? message.flags ?? [];
    byId.set(message.id, message);
    const decision = notificationDecision(incomingMessage(message, flags), context);
    if (!decision) continue;
    shown += 1;
    const text = notificationText(
      {
        type: message.type,
        senderName: message.sender_full_name ?? 'Someone',
        channelName: state.subscriptions?.find((s) => s.stream_id === message.stream_id)?.name,
        topicLabel: topicLabel(message.subject ?? '', state.realm_empty_topic_display_name ?? 'general chat'),
        otherRecipients: Array.isArray(message.display_recipient)
          ? otherParticipants(message, selfId).length
          : 0,
        text: wordsOfMessage(message),
      },
      decision,
      state.user_settings?.pm_content_in_desktop_notifications !== false,
    );
    showNotification({
      ...text,
      tag: `message-${message.id}`,
      onClick: () =>
        accountId && openFromNotification(bridge, accountId, conversationOf(message, selfId), message.id),
    });
    if (decision.sound && !chimed && state.user_settings?.notification_sound !== 'none') {
      chimed = true;
      playChime();
    }
  }
}

function conversationOf(message: Message, selfId: number): Narrow {
  if (message.type === 'stream' && message.stream_id !== undefined)
    return { kind: 'topic', streamId: message.stream_id, topic: message.subject ?? '' };
  return { kind: 'dm', userIds: otherParticipants(message, selfId) };
}

/** Opens the message in the account it came to, switching back to that account if need be. */
function openFromNotification(
  bridge: ChatBridge,
  accountId: string,
  narrow: Narrow,
  messageId: number,
): void {
  whenInAccount(accountId, () => useNarrowStore.getState().select(narrow, messageId));
  if (currentAccountScope() !== accountId) void bridge.accounts.switchTo(accountId).catch(() => undefined);
  window.focus();
  void bridge.focusWindow().catch(() => undefined);
}
