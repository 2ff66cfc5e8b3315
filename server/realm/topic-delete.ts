import { badRequest } from '../http/errors';
import { canAccessContent } from './channels';
import { deletionEvent, removeMessages } from './message-delete';
import { canReadMessage, interestedUserIds, topicMessages } from './messages';
import type { Realm } from './realm';
import { requireAdmin, type User } from './users';

/**
 * How many messages one POST /streams/{id}/delete_topic deletes. The real service deletes in
 * batches and answers `complete: false` when it stopped before the end (clients ask again); here a
 * fixed batch keeps one request from holding the server for a topic of 100,000 messages.
 */
export const TOPIC_DELETE_BATCH = 1000;

/**
 * POST /streams/{stream_id}/delete_topic, as the real service has it (the spec names no deletion):
 * organization administrators delete the messages of a topic they can read, oldest first, a batch
 * per request. Everyone who had them gets `delete_message` with the ids they could read.
 */
export function deleteTopic(
  realm: Realm,
  user: User,
  streamId: number,
  topicName: string,
  batchSize = TOPIC_DELETE_BATCH,
): { complete: boolean } {
  requireAdmin(user);
  const channel = realm.channels.get(streamId);
  if (!channel || !canAccessContent(realm, user, channel)) throw badRequest('Invalid channel ID');
  const readable = topicMessages(realm, streamId, topicName).filter((m) => canReadMessage(realm, user, m));
  const batch = readable.sort((a, b) => a.id - b.id).slice(0, batchSize);
  // Each person hears of the messages they had or could read, in one event per batch.
  const heard = new Map<number, number[]>();
  for (const message of batch)
    for (const userId of interestedUserIds(realm, message)) {
      const ids = heard.get(userId);
      if (ids) ids.push(message.id);
      else heard.set(userId, [message.id]);
    }
  removeMessages(realm, batch);
  const sample = batch[0];
  if (sample) realm.events.publish(heard.keys(), (userId) => deletionEvent(sample, heard.get(userId) ?? []));
  return { complete: readable.length <= batchSize };
}
