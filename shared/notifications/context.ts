import type { RegisterResponse } from '../api/register';
import type { IncomingMessage, NotificationContext, NotificationSettings, TopicPolicy } from './decide';

/**
 * The notification context of an account's register state (kept current by its events): the
 * window's page builds it from its session, the Electron shell from what its tray activity keeps.
 */

const POLICY: Record<number, TopicPolicy> = { 1: 'muted', 2: 'unmuted', 3: 'followed' };

function setting(state: RegisterResponse, name: string, fallback: boolean): boolean {
  const value = state.user_settings?.[name] ?? (state as unknown as Record<string, unknown>)[name];
  return typeof value === 'boolean' ? value : fallback;
}

/** A subscription's own yes/no, or null for "as the account's default". */
function choice(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

export function notificationSettings(state: RegisterResponse): NotificationSettings {
  return {
    desktop: setting(state, 'enable_desktop_notifications', true),
    channelDesktop: setting(state, 'enable_stream_desktop_notifications', false),
    followedDesktop: setting(state, 'enable_followed_topic_desktop_notifications', true),
    wildcardMentions: setting(state, 'wildcard_mentions_notify', true),
    followedWildcardMentions: setting(state, 'enable_followed_topic_wildcard_mentions_notify', true),
    sounds: setting(state, 'enable_sounds', true),
    channelSounds: setting(state, 'enable_stream_audible_notifications', false),
    followedSounds: setting(state, 'enable_followed_topic_audible_notifications', true),
  };
}

/**
 * `build(list)`, kept for the list it was last built from: the register state's lists keep their
 * identity until an event changes them, so each batch of messages does not index every channel
 * and topic policy of the organization again.
 */
function keptFor<T extends object, R>(build: (list: T) => R): (list: T) => R {
  let last: { list: T; built: R } | null = null;
  return (list) => {
    if (last?.list !== list) last = { list, built: build(list) };
    return last.built;
  };
}

type State = RegisterResponse;
const NONE: never[] = [];
const subscriptionsById = keptFor(
  (list: NonNullable<State['subscriptions']>) => new Map(list.map((s) => [s.stream_id, s])),
);
const topicPolicies = keptFor(
  (list: NonNullable<State['user_topics']>) =>
    new Map(list.map((t) => [`${t.stream_id}\u0000${t.topic_name.toLowerCase()}`, t.visibility_policy])),
);
const mutedUserIds = keptFor((list: NonNullable<State['muted_users']>) => new Set(list.map((u) => u.id)));

export function notificationContext(
  state: RegisterResponse,
  selfId: number,
  isBeingRead: (message: IncomingMessage) => boolean,
): NotificationContext {
  const subscriptions = subscriptionsById(state.subscriptions ?? NONE);
  const policies = topicPolicies(state.user_topics ?? NONE);
  const mutedUsers = mutedUserIds(state.muted_users ?? NONE);
  return {
    selfId,
    settings: notificationSettings(state),
    channel(streamId) {
      const sub = subscriptions.get(streamId);
      if (!sub) return undefined;
      return {
        desktop: choice(sub.desktop_notifications),
        audible: choice(sub.audible_notifications),
        wildcardMentions: choice(sub.wildcard_mentions_notify),
        muted: Boolean(sub.is_muted ?? sub.in_home_view === false),
      };
    },
    topicPolicy(streamId, topic) {
      return POLICY[policies.get(`${streamId}\u0000${topic.toLowerCase()}`) ?? 0] ?? 'inherit';
    },
    isSenderMuted: (userId) => mutedUsers.has(userId),
    isBeingRead,
  };
}
