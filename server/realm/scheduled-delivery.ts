import { ApiError } from '../http/errors';
import type { Realm } from './realm';
import { sendChannelMessage, sendDirectMessage } from './message-send';
import { publishRemoved, scheduledMessageToWire, type ScheduledMessage } from './scheduled-messages';

function deliver(realm: Realm, s: ScheduledMessage): void {
  const sender = realm.users.get(s.sender_id);
  if (!sender?.is_active) throw new ApiError('Sender is no longer active');
  const opts = { readBySender: s.read_by_sender };
  if (s.type === 'stream') {
    const channel = realm.channels.get(s.to as number);
    if (!channel) throw new ApiError('Channel does not exist');
    sendChannelMessage(realm, sender, channel, s.topic, s.content, opts);
  } else {
    sendDirectMessage(realm, sender, s.to as number[], s.content, opts);
  }
}

/**
 * Sends every scheduled message whose time has come by the realm's clock, oldest first: each becomes
 * an ordinary message (its `message` events) and leaves its sender's list (`remove`). One that can no
 * longer be sent (the sender lost the right to post there, a recipient left) stays, marked `failed`
 * (an `update`), as in the real service, for the sender to edit or delete. Returns how many changed.
 */
export function deliverDueScheduledMessages(realm: Realm): number {
  const now = realm.now();
  const due = [...realm.scheduledMessages.values()]
    .filter((s) => !s.failed && s.scheduled_delivery_timestamp <= now)
    .sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.id - b.id);
  for (const s of due) {
    try {
      deliver(realm, s);
      realm.scheduledMessages.delete(s.id);
      publishRemoved(realm, s);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      s.failed = true;
      realm.events.publish([s.sender_id], {
        type: 'scheduled_messages',
        op: 'update',
        scheduled_message: scheduledMessageToWire(realm, s),
      });
    }
  }
  return due.length;
}
