import { describe, expect, it } from 'vitest';
import {
  notificationDecision,
  type ChannelNotificationPrefs,
  type IncomingMessage,
  type NotificationContext,
  type NotificationSettings,
  type TopicPolicy,
} from '../../../../shared/notifications/decide';

const SELF = 10;
const GENERAL = 1;
const MUTED_CHANNEL = 2;
const LOUD_CHANNEL = 3;

const defaults: NotificationSettings = {
  desktop: true,
  channelDesktop: false,
  followedDesktop: true,
  wildcardMentions: true,
  followedWildcardMentions: true,
  sounds: true,
  channelSounds: false,
  followedSounds: true,
};

function context(
  overrides: Partial<NotificationSettings> = {},
  options: {
    channels?: Record<number, Partial<ChannelNotificationPrefs>>;
    topics?: Record<string, TopicPolicy>;
    mutedSenders?: number[];
    reading?: (m: IncomingMessage) => boolean;
  } = {},
): NotificationContext {
  const channels: Record<number, Partial<ChannelNotificationPrefs>> = options.channels ?? {
    [GENERAL]: {},
    [MUTED_CHANNEL]: { muted: true },
    [LOUD_CHANNEL]: { desktop: true, audible: true },
  };
  return {
    selfId: SELF,
    settings: { ...defaults, ...overrides },
    channel: (id) =>
      channels[id]
        ? { desktop: null, audible: null, wildcardMentions: null, muted: false, ...channels[id] }
        : undefined,
    topicPolicy: (id, topic) => options.topics?.[`${id}:${topic.toLowerCase()}`] ?? 'inherit',
    isSenderMuted: (id) => (options.mutedSenders ?? []).includes(id),
    isBeingRead: options.reading ?? (() => false),
  };
}

const dm = (flags: string[] = []): IncomingMessage => ({
  id: 1,
  type: 'private',
  senderId: 20,
  topic: '',
  flags,
});
const inChannel = (streamId: number, flags: string[] = [], topic = 'lunch'): IncomingMessage => ({
  id: 2,
  type: 'stream',
  senderId: 20,
  streamId,
  topic,
  flags,
});

describe('which messages notify', () => {
  it('direct messages and personal mentions, with sound, under the DMs-and-mentions setting', () => {
    expect(notificationDecision(dm(), context())).toEqual({ reason: 'direct', sound: true });
    expect(notificationDecision(inChannel(GENERAL, ['mentioned']), context())).toEqual({
      reason: 'mention',
      sound: true,
    });
    expect(notificationDecision(dm(), context({ desktop: false }))).toBeNull();
    expect(notificationDecision(inChannel(GENERAL, ['mentioned']), context({ desktop: false }))).toBeNull();
    expect(notificationDecision(dm(), context({ sounds: false }))).toEqual({
      reason: 'direct',
      sound: false,
    });
  });

  it('never for the user’s own messages, messages already read, muted senders or the conversation being read', () => {
    expect(notificationDecision({ ...dm(), senderId: SELF }, context())).toBeNull();
    expect(notificationDecision(dm(['read']), context())).toBeNull();
    expect(notificationDecision(dm(), context({}, { mutedSenders: [20] }))).toBeNull();
    expect(notificationDecision(dm(), context({}, { reading: (m) => m.id === 1 }))).toBeNull();
    expect(notificationDecision(dm(), context({}, { reading: (m) => m.id === 99 }))).not.toBeNull();
  });

  it('plain channel messages only where the channel (or the account default) asks', () => {
    expect(notificationDecision(inChannel(GENERAL), context())).toBeNull();
    expect(notificationDecision(inChannel(GENERAL), context({ channelDesktop: true }))).toEqual({
      reason: 'channel',
      sound: false,
    });
    expect(notificationDecision(inChannel(LOUD_CHANNEL), context())).toEqual({
      reason: 'channel',
      sound: true,
    });
    // The channel's own "no" beats the account's "yes".
    const quiet = context({ channelDesktop: true }, { channels: { [GENERAL]: { desktop: false } } });
    expect(notificationDecision(inChannel(GENERAL), quiet)).toBeNull();
    // Not subscribed: nothing.
    expect(notificationDecision(inChannel(99, ['mentioned']), context())).toBeNull();
  });

  it('muted topics and channels stay quiet except for personal mentions; unmuted and followed topics speak', () => {
    const topics: Record<string, TopicPolicy> = { [`${LOUD_CHANNEL}:lunch`]: 'muted' };
    expect(notificationDecision(inChannel(LOUD_CHANNEL), context({}, { topics }))).toBeNull();
    expect(
      notificationDecision(inChannel(LOUD_CHANNEL, ['wildcard_mentioned']), context({}, { topics })),
    ).toBeNull();
    expect(
      notificationDecision(inChannel(LOUD_CHANNEL, ['mentioned']), context({}, { topics }))?.reason,
    ).toBe('mention');
    // Topic names compare without case.
    expect(notificationDecision(inChannel(LOUD_CHANNEL, [], 'LUNCH'), context({}, { topics }))).toBeNull();

    expect(notificationDecision(inChannel(MUTED_CHANNEL), context({ channelDesktop: true }))).toBeNull();
    const unmuted = { [`${MUTED_CHANNEL}:lunch`]: 'unmuted' as const };
    expect(
      notificationDecision(inChannel(MUTED_CHANNEL), context({ channelDesktop: true }, { topics: unmuted }))
        ?.reason,
    ).toBe('channel');
    const followed = { [`${MUTED_CHANNEL}:lunch`]: 'followed' as const };
    expect(notificationDecision(inChannel(MUTED_CHANNEL), context({}, { topics: followed }))).toEqual({
      reason: 'followed_topic',
      sound: true,
    });
    expect(
      notificationDecision(
        inChannel(MUTED_CHANNEL),
        context({ followedDesktop: false }, { topics: followed }),
      ),
    ).toBeNull();
  });

  it('wildcard mentions follow the channel’s choice, else the account’s', () => {
    for (const flag of ['wildcard_mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned'])
      expect(notificationDecision(inChannel(GENERAL, [flag]), context())?.reason).toBe('wildcard_mention');
    expect(
      notificationDecision(inChannel(GENERAL, ['wildcard_mentioned']), context({ wildcardMentions: false })),
    ).toBeNull();
    const channelSaysYes = context(
      { wildcardMentions: false },
      { channels: { [GENERAL]: { wildcardMentions: true } } },
    );
    expect(notificationDecision(inChannel(GENERAL, ['wildcard_mentioned']), channelSaysYes)?.reason).toBe(
      'wildcard_mention',
    );
  });
});
