import type { InitialState, Message } from '../../api/model';
import { messageInNarrow, type Narrow } from '../../api/narrow';
import type { IncomingMessage, NotificationContext, NotificationSettings, TopicPolicy } from './decide';

const POLICY: Record<number, TopicPolicy> = { 1: 'muted', 2: 'unmuted', 3: 'followed' };

function setting(state: InitialState, name: string, fallback: boolean): boolean {
  const value = state.user_settings?.[name] ?? (state as unknown as Record<string, unknown>)[name];
  return typeof value === 'boolean' ? value : fallback;
}

/** A subscription's own yes/no, or null for "as the account's default". */
function choice(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

export function notificationSettings(state: InitialState): NotificationSettings {
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

/** The ids of a DM's participants other than the user (the user alone for a DM to oneself). */
export function otherParticipants(message: Pick<Message, 'display_recipient'>, selfId: number): number[] {
  if (!Array.isArray(message.display_recipient)) return [];
  const ids = message.display_recipient.map((u) => u.id).filter((id) => id !== selfId);
  return (ids.length ? ids : [selfId]).sort((a, b) => a - b);
}

export function incomingMessage(message: Message, flags: readonly string[]): IncomingMessage {
  return {
    id: message.id,
    type: message.type,
    senderId: message.sender_id,
    ...(message.stream_id !== undefined ? { streamId: message.stream_id } : {}),
    topic: message.subject ?? '',
    flags,
  };
}

/** Whether the open conversation (`narrow`) shows `message` (a search: the server alone knows, so no). */
export function narrowShows(narrow: Narrow | null, message: Message, selfId: number): boolean {
  if (!narrow) return false;
  const recipients = Array.isArray(message.display_recipient)
    ? message.display_recipient.map((u) => u.id)
    : [];
  return messageInNarrow(narrow, message, recipients, selfId) === true;
}

export function notificationContext(
  state: InitialState,
  selfId: number,
  isBeingRead: (message: IncomingMessage) => boolean,
): NotificationContext {
  const subscriptions = new Map((state.subscriptions ?? []).map((s) => [s.stream_id, s]));
  const policies = new Map(
    (state.user_topics ?? []).map((t) => [
      `${t.stream_id}\u0000${t.topic_name.toLowerCase()}`,
      t.visibility_policy,
    ]),
  );
  const mutedUsers = new Set(
    ((state as unknown as { muted_users?: { id: number }[] }).muted_users ?? []).map((u) => u.id),
  );
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
