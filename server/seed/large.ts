import type { Realm } from '../realm/realm';
import { activeSubscriberIds } from '../realm/subscriptions';
import { seedDemo, type DemoSeed } from './demo';
import { seedChannelMessage } from './builder';

export const LARGE_TOPIC = 'firehose';
export const LARGE_TOPIC_SIZE = 100_000;

/**
 * The demo plus one topic of 100,000 messages in #general, older than the demo's history. Messages are
 * plain objects sharing one recipients array; rendering happens on first read.
 */
export function seedLarge(realm: Realm): DemoSeed {
  return seedDemo(realm, {
    beforeMessages: ({ users, channels }) => {
      const channel = channels.general;
      const recipients = activeSubscriberIds(channel);
      const senders = [users.owner, users.admin, users.moderator, ...users.members].map((u) => u.user_id);
      const end = realm.now() - 22 * 86400;
      const start = end - 60 * 86400;
      const step = (end - start) / LARGE_TOPIC_SIZE;
      for (let i = 0; i < LARGE_TOPIC_SIZE; i++) {
        seedChannelMessage(
          realm,
          channel,
          senders[i % senders.length]!,
          LARGE_TOPIC,
          `Load message ${i + 1} of ${LARGE_TOPIC_SIZE}`,
          Math.floor(start + i * step),
          recipients,
        );
      }
    },
  });
}
