import type { Realm } from './realm';

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

export function userTopicToWire(t: UserTopic): Record<string, unknown> {
  return {
    stream_id: t.stream_id,
    topic_name: t.topic_name,
    last_updated: t.last_updated,
    visibility_policy: t.visibility_policy,
  };
}

/** Moving messages carries per-user topic policies along (only when a whole topic moves). */
export function moveUserTopics(
  realm: Realm,
  fromStream: number,
  fromTopic: string,
  toStream: number,
  toTopic: string,
): void {
  for (const t of realm.userTopics) {
    if (t.stream_id === fromStream && sameTopic(t.topic_name, fromTopic)) {
      t.stream_id = toStream;
      t.topic_name = toTopic;
    }
  }
}
