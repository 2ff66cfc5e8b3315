/**
 * Whether a new message deserves a desktop notification, as the real service's help center
 * describes it: direct messages and mentions (personal, group, wildcard where the user wants
 * them) under "Desktop notifications for DMs and mentions"; channel messages where the channel's
 * setting (or the account default) asks for them, unless the topic or channel is muted; followed
 * topics under their own setting. Never for the user's own messages, muted senders, messages
 * already read, or the conversation the user is looking at in a focused window.
 */

export type TopicPolicy = 'inherit' | 'muted' | 'unmuted' | 'followed';

export interface NotificationSettings {
  /** enable_desktop_notifications: DMs and mentions. */
  desktop: boolean;
  /** enable_stream_desktop_notifications: the default for channels without their own choice. */
  channelDesktop: boolean;
  /** enable_followed_topic_desktop_notifications. */
  followedDesktop: boolean;
  /** wildcard_mentions_notify: the default for channels without their own choice. */
  wildcardMentions: boolean;
  /** enable_followed_topic_wildcard_mentions_notify. */
  followedWildcardMentions: boolean;
  /** enable_sounds (DMs and mentions), enable_stream_audible_notifications, enable_followed_topic_audible_notifications. */
  sounds: boolean;
  channelSounds: boolean;
  followedSounds: boolean;
}

/** A subscription's own choices; null means "as the account's default". */
export interface ChannelNotificationPrefs {
  desktop: boolean | null;
  audible: boolean | null;
  wildcardMentions: boolean | null;
  muted: boolean;
}

export interface IncomingMessage {
  id: number;
  type: 'stream' | 'private';
  senderId: number;
  streamId?: number;
  topic: string;
  flags: readonly string[];
}

/** A message as the API gives it (event or GET /messages), as the decision reads it. */
export function incomingMessage(
  message: {
    id: number;
    type: 'stream' | 'private';
    sender_id: number;
    stream_id?: number;
    subject?: string;
  },
  flags: readonly string[],
): IncomingMessage {
  return {
    id: message.id,
    type: message.type,
    senderId: message.sender_id,
    ...(message.stream_id !== undefined ? { streamId: message.stream_id } : {}),
    topic: message.subject ?? '',
    flags,
  };
}

export interface NotificationContext {
  selfId: number;
  settings: NotificationSettings;
  channel(streamId: number): ChannelNotificationPrefs | undefined;
  topicPolicy(streamId: number, topic: string): TopicPolicy;
  isSenderMuted(userId: number): boolean;
  /** True when a focused window shows this message's conversation. */
  isBeingRead(message: IncomingMessage): boolean;
}

export type NotificationReason =
  'direct' | 'mention' | 'wildcard_mention' | 'alert_word' | 'followed_topic' | 'channel';

export interface NotificationDecision {
  reason: NotificationReason;
  sound: boolean;
}

const WILDCARD_FLAGS = ['wildcard_mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned'];

export function notificationDecision(
  message: IncomingMessage,
  context: NotificationContext,
): NotificationDecision | null {
  if (message.senderId === context.selfId) return null;
  if (message.flags.includes('read')) return null;
  if (context.isSenderMuted(message.senderId)) return null;
  if (context.isBeingRead(message)) return null;
  const reason = reasonFor(message, context);
  return reason ? { reason, sound: soundFor(reason, message, context) } : null;
}

function reasonFor(message: IncomingMessage, context: NotificationContext): NotificationReason | null {
  const { settings } = context;
  if (message.type === 'private') return settings.desktop ? 'direct' : null;
  const streamId = message.streamId;
  if (streamId === undefined) return null;
  const channel = context.channel(streamId);
  // Not (or no longer) subscribed: nothing from that channel.
  if (!channel) return null;
  const policy = context.topicPolicy(streamId, message.topic);
  // A personal mention cuts through muting; wildcards do not.
  if (message.flags.includes('mentioned')) return settings.desktop ? 'mention' : null;
  if (message.flags.includes('has_alert_word')) return settings.desktop ? 'alert_word' : null;
  const silenced = policy === 'muted' || (channel.muted && policy !== 'unmuted' && policy !== 'followed');
  if (silenced) return null;
  if (message.flags.some((flag) => WILDCARD_FLAGS.includes(flag))) {
    const wanted =
      policy === 'followed' && settings.followedWildcardMentions
        ? true
        : (channel.wildcardMentions ?? settings.wildcardMentions);
    if (wanted && settings.desktop) return 'wildcard_mention';
  }
  if (policy === 'followed' && settings.followedDesktop) return 'followed_topic';
  if (channel.desktop ?? settings.channelDesktop) return 'channel';
  return null;
}

function soundFor(
  reason: NotificationReason,
  message: IncomingMessage,
  context: NotificationContext,
): boolean {
  const { settings } = context;
  switch (reason) {
    case 'followed_topic':
      return settings.followedSounds;
    case 'channel': {
      const channel = message.streamId !== undefined ? context.channel(message.streamId) : undefined;
      return channel?.audible ?? settings.channelSounds;
    }
    default:
      return settings.sounds;
  }
}
