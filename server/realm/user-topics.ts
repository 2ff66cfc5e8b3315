import { badRequest } from '../http/errors';
import { canAccessContent, channelByName, type Channel } from './channels';
import { MAX_TOPIC_LENGTH } from './limits';
import type { Realm } from './realm';
import type { User } from './users';

/** Visibility policies for a topic: 0 none, 1 muted, 2 unmuted, 3 followed. */
export const VISIBILITY_POLICY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

export interface UserTopic {
  user_id: number;
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
  last_updated: number;
}

function sameTopic(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function getUserTopic(
  realm: Realm,
  userId: number,
  streamId: number,
  topic: string,
): UserTopic | undefined {
  return realm.userTopics.find(
    (t) => t.user_id === userId && t.stream_id === streamId && sameTopic(t.topic_name, topic),
  );
}

/** Set a policy; `inherit` removes the record. Returns the record (or a synthetic inherit one). */
export function setVisibilityPolicy(
  realm: Realm,
  userId: number,
  streamId: number,
  topic: string,
  policy: number,
): UserTopic {
  const existing = getUserTopic(realm, userId, streamId, topic);
  const now = realm.now();
  if (policy === VISIBILITY_POLICY.inherit) {
    if (existing) realm.userTopics.splice(realm.userTopics.indexOf(existing), 1);
    return {
      user_id: userId,
      stream_id: streamId,
      topic_name: topic,
      visibility_policy: 0,
      last_updated: now,
    };
  }
  if (existing) {
    existing.visibility_policy = policy;
    existing.last_updated = now;
    return existing;
  }
  const t = {
    user_id: userId,
    stream_id: streamId,
    topic_name: topic,
    visibility_policy: policy,
    last_updated: now,
  };
  realm.userTopics.push(t);
  return t;
}

export function isTopicMuted(realm: Realm, userId: number, streamId: number, topic: string): boolean {
  return getUserTopic(realm, userId, streamId, topic)?.visibility_policy === VISIBILITY_POLICY.muted;
}

/**
 * A channel conversation the user has muted: a muted topic, or a topic of a muted channel that the
 * user did not unmute or follow.
 */
export function isConversationMuted(realm: Realm, userId: number, streamId: number, topic: string): boolean {
  const policy = getUserTopic(realm, userId, streamId, topic)?.visibility_policy;
  if (policy === VISIBILITY_POLICY.muted) return true;
  if (policy === VISIBILITY_POLICY.unmuted || policy === VISIBILITY_POLICY.followed) return false;
  return realm.channels.get(streamId)?.subscriptions.get(userId)?.is_muted ?? false;
}

export function userTopicToWire(t: UserTopic): Record<string, unknown> {
  return {
    stream_id: t.stream_id,
    topic_name: t.topic_name,
    last_updated: t.last_updated,
    visibility_policy: t.visibility_policy,
  };
}

/** When two topics merge, the more visible policy wins (followed > unmuted > inherit > muted). */
function mergedPolicy(a: number, b: number): number {
  const order = [
    VISIBILITY_POLICY.followed,
    VISIBILITY_POLICY.unmuted,
    VISIBILITY_POLICY.inherit,
    VISIBILITY_POLICY.muted,
  ];
  return order.find((p) => p === a || p === b) ?? VISIBILITY_POLICY.inherit;
}

/**
 * A whole topic moved (`change_all`): each user's policy follows it, merged with any policy the user
 * already had for the destination, and each user's clients hear of both topics as `user_topic` events.
 */
export function moveUserTopics(
  realm: Realm,
  fromStream: number,
  fromTopic: string,
  toStream: number,
  toTopic: string,
): void {
  if (fromStream === toStream && fromTopic === toTopic) return;
  const moving = realm.userTopics.filter(
    (t) => t.stream_id === fromStream && sameTopic(t.topic_name, fromTopic),
  );
  for (const record of moving) {
    const userId = record.user_id;
    const target = getUserTopic(realm, userId, toStream, toTopic);
    const policy =
      target && target !== record
        ? mergedPolicy(record.visibility_policy, target.visibility_policy)
        : record.visibility_policy;
    const cleared = setVisibilityPolicy(realm, userId, fromStream, fromTopic, VISIBILITY_POLICY.inherit);
    const moved = setVisibilityPolicy(realm, userId, toStream, toTopic, policy);
    moved.topic_name = toTopic;
    realm.events.publish([userId], { type: 'user_topic', ...userTopicToWire(cleared) });
    realm.events.publish([userId], { type: 'user_topic', ...userTopicToWire(moved) });
  }
}

/** A channel as a request names it: by ID, or by name (the deprecated muted_topics endpoint). */
export type ChannelRef = { id: number } | { name: string };

function accessibleChannel(realm: Realm, user: User, ref: ChannelRef): Channel {
  if ('name' in ref) {
    const byName = channelByName(realm, ref.name);
    if (!byName || !canAccessContent(realm, user, byName))
      throw badRequest(`Invalid channel name '${ref.name}'`);
    return byName;
  }
  const channel = realm.channels.get(ref.id);
  if (!channel || !canAccessContent(realm, user, channel)) throw badRequest('Invalid channel ID');
  return channel;
}

/** Topic names from a request: `realm_empty_topic_display_name` means the empty topic (convention 5). */
function requestedTopic(realm: Realm, raw: string): string {
  const topic = raw.trim();
  if ([...topic].length > MAX_TOPIC_LENGTH)
    throw badRequest(`topic is too long (limit: ${MAX_TOPIC_LENGTH} characters)`);
  return topic === realm.emptyTopicDisplayName ? '' : topic;
}

/**
 * POST /user_topics and PATCH /users/me/subscriptions/muted_topics: set the user's policy for a topic
 * of a channel they can read, and tell their clients, unless nothing changes (from feature level 169,
 * muting a muted topic is not an error).
 */
export function setUserTopicPolicy(
  realm: Realm,
  user: User,
  channelRef: ChannelRef,
  rawTopic: string,
  policy: number,
): void {
  if (!(Object.values(VISIBILITY_POLICY) as number[]).includes(policy))
    throw badRequest('Invalid visibility_policy');
  const channel = accessibleChannel(realm, user, channelRef);
  const topic = requestedTopic(realm, rawTopic);
  const current = getUserTopic(realm, user.user_id, channel.stream_id, topic)?.visibility_policy ?? 0;
  if (current === policy) return;
  const record = setVisibilityPolicy(realm, user.user_id, channel.stream_id, topic, policy);
  realm.events.publish([user.user_id], { type: 'user_topic', ...userTopicToWire(record) });
}
