import { SYSTEM_GROUPS, type GroupSettingValue, userInGroupSetting } from './groups';
import type { Realm } from './realm';
import { channelMessageList } from './message-index';
import { isAdmin, isGuest } from './roles';
import type { User } from './users';
import { isSubscribed, subscriptionOf, type Subscription } from './subscriptions';
import { badRequest } from '../http/errors';
import { MAX_STREAM_DESCRIPTION_LENGTH, MAX_STREAM_NAME_LENGTH } from './limits';

export const CHANNEL_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'can_send_message_group',
  'can_subscribe_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
] as const;
export type ChannelGroupSetting = (typeof CHANNEL_GROUP_SETTINGS)[number];

/** Channel (spec 2.2), plus who is subscribed. */
export interface Channel {
  stream_id: number;
  name: string;
  description: string;
  date_created: number;
  creator_id: number | null;
  invite_only: boolean;
  is_web_public: boolean;
  is_archived: boolean;
  history_public_to_subscribers: boolean;
  message_retention_days: number | null;
  is_default: boolean;
  is_recently_active: boolean;
  can_add_subscribers_group: GroupSettingValue;
  can_remove_subscribers_group: GroupSettingValue;
  can_administer_channel_group: GroupSettingValue;
  can_send_message_group: GroupSettingValue;
  can_subscribe_group: GroupSettingValue;
  /** Who may move messages out of this channel or between its topics, besides the organization's groups. */
  can_move_messages_out_of_channel_group: GroupSettingValue;
  can_move_messages_within_channel_group: GroupSettingValue;
  /** Every user who was ever subscribed; `active` false means unsubscribed. */
  subscriptions: Map<number, Subscription>;
}

export function createChannel(
  realm: Realm,
  init: Pick<Channel, 'name'> &
    Partial<Omit<Channel, 'stream_id' | 'name' | 'subscriptions'>> & { stream_id?: number },
): Channel {
  const stream_id = init.stream_id ?? realm.nextId('channel');
  realm.reserveId('channel', stream_id);
  const invite_only = init.invite_only ?? false;
  const channel: Channel = {
    stream_id,
    name: init.name,
    description: init.description ?? '',
    date_created: init.date_created ?? realm.now(),
    creator_id: init.creator_id ?? null,
    invite_only,
    is_web_public: init.is_web_public ?? false,
    is_archived: init.is_archived ?? false,
    history_public_to_subscribers: init.history_public_to_subscribers ?? !invite_only,
    message_retention_days: init.message_retention_days ?? null,
    is_default: init.is_default ?? false,
    is_recently_active: init.is_recently_active ?? true,
    can_add_subscribers_group: init.can_add_subscribers_group ?? SYSTEM_GROUPS.nobody,
    can_remove_subscribers_group: init.can_remove_subscribers_group ?? SYSTEM_GROUPS.administrators,
    can_administer_channel_group: init.can_administer_channel_group ?? {
      direct_members: init.creator_id ? [init.creator_id] : [],
      direct_subgroups: [],
    },
    can_send_message_group: init.can_send_message_group ?? SYSTEM_GROUPS.everyone,
    can_subscribe_group: init.can_subscribe_group ?? SYSTEM_GROUPS.nobody,
    can_move_messages_out_of_channel_group:
      init.can_move_messages_out_of_channel_group ?? SYSTEM_GROUPS.nobody,
    can_move_messages_within_channel_group:
      init.can_move_messages_within_channel_group ?? SYSTEM_GROUPS.nobody,
    subscriptions: new Map(),
  };
  realm.channels.set(stream_id, channel);
  return channel;
}

/** Settings added after a data file was written take their defaults when it is loaded. */
export function fillChannelDefaults(channel: Channel): void {
  channel.can_move_messages_out_of_channel_group ??= SYSTEM_GROUPS.nobody;
  channel.can_move_messages_within_channel_group ??= SYSTEM_GROUPS.nobody;
}

export function channelByName(realm: Realm, name: string): Channel | undefined {
  const lower = name.toLowerCase();
  for (const c of realm.channels.values()) if (c.name.toLowerCase() === lower) return c;
  return undefined;
}

/** Organization administrators act as members of these two settings without being listed (2.2). */
export function canAdministerChannel(realm: Realm, user: User, channel: Channel): boolean {
  return isAdmin(user) || userInGroupSetting(realm, user, channel.can_administer_channel_group);
}

export function canRemoveSubscribers(realm: Realm, user: User, channel: Channel): boolean {
  return isAdmin(user) || userInGroupSetting(realm, user, channel.can_remove_subscribers_group);
}

/** Content access: may read the channel's messages (subject to protected history, see messages). */
export function canAccessContent(realm: Realm, user: User, channel: Channel): boolean {
  if (isSubscribed(channel, user.user_id)) return true;
  if (!channel.invite_only && !isGuest(user)) return true;
  if (channel.invite_only && userInGroupSetting(realm, user, channel.can_subscribe_group)) return true;
  return false;
}

/** Metadata access: may see that the channel exists and its settings. */
export function canAccessMetadata(realm: Realm, user: User, channel: Channel): boolean {
  if (canAccessContent(realm, user, channel)) return true;
  if (isAdmin(user)) return true;
  if (subscriptionOf(channel, user.user_id)) return !channel.invite_only ? !isGuest(user) : false;
  return userInGroupSetting(realm, user, channel.can_administer_channel_group);
}

/** Moving messages between topics: the organization's group, or the channel's own (level 396). */
export function canMoveWithinChannel(realm: Realm, user: User, channel: Channel): boolean {
  return (
    userInGroupSetting(realm, user, realm.settings.can_move_messages_between_topics_group) ||
    userInGroupSetting(realm, user, channel.can_move_messages_within_channel_group)
  );
}

/** Moving messages to another channel: the organization's group, or the source channel's own (level 396). */
export function canMoveOutOfChannel(realm: Realm, user: User, channel: Channel): boolean {
  return (
    userInGroupSetting(realm, user, realm.settings.can_move_messages_between_channels_group) ||
    userInGroupSetting(realm, user, channel.can_move_messages_out_of_channel_group)
  );
}

export function canSendToChannel(realm: Realm, user: User, channel: Channel): boolean {
  if (channel.is_archived) return false;
  return userInGroupSetting(realm, user, channel.can_send_message_group);
}

/** Deprecated `stream_post_policy` derived from `can_send_message_group` (2.2). */
export function streamPostPolicy(channel: Channel): number {
  switch (channel.can_send_message_group) {
    case SYSTEM_GROUPS.administrators:
      return 2;
    case SYSTEM_GROUPS.fullmembers:
      return 3;
    case SYSTEM_GROUPS.moderators:
      return 4;
    default:
      return 1;
  }
}

/** Weekly traffic estimate from the last four weeks of messages. */
export function weeklyTraffic(realm: Realm, channel: Channel): number | null {
  const cutoff = realm.now() - 28 * 86400;
  const messages = channelMessageList(realm, channel.stream_id);
  let count = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i]!.timestamp >= cutoff; i--) count++;
  return Math.round(count / 4);
}

export function firstMessageId(realm: Realm, channel: Channel): number | null {
  return channelMessageList(realm, channel.stream_id)[0]?.id ?? null;
}

/** Active users (bots included, the internal notification bot not) who may see the channel's metadata. */
export function metadataViewerIds(realm: Realm, channel: Channel): number[] {
  return [...realm.users.values()]
    .filter((u) => u.is_active && !u.is_system_bot && canAccessMetadata(realm, u, channel))
    .map((u) => u.user_id);
}

/** Spec 4.2 `message_retention_days`: days, `realm_default` (null) or `unlimited` (-1). */
export function parseRetentionDays(value: number | string): number | null {
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  throw badRequest(`Bad value for 'message_retention_days': ${value}`);
}

/** Channel name rules (part 8 `max_stream_name_length`); returns the trimmed name. */
export function checkChannelName(realm: Realm, raw: string, except?: Channel): string {
  const name = raw.trim();
  if (name === '') throw badRequest("Channel name can't be empty.");
  if ([...name].length > MAX_STREAM_NAME_LENGTH)
    throw badRequest(`Channel name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  for (const [i, ch] of [...name].entries()) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || cp === 0x7f || (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe)
      throw badRequest(`Invalid character in channel name, at position ${i + 1}.`);
  }
  const existing = channelByName(realm, name);
  if (existing && existing !== except) throw badRequest(`Channel '${existing.name}' already exists`);
  return name;
}

export function checkChannelDescription(raw: string): string {
  if ([...raw].length > MAX_STREAM_DESCRIPTION_LENGTH)
    throw badRequest(`description is too long (limit: ${MAX_STREAM_DESCRIPTION_LENGTH} characters)`);
  // Descriptions are one paragraph: line breaks become spaces.
  return raw.replace(/\r?\n/g, ' ');
}

/** May `user` subscribe themselves (2.2 `can_subscribe_group`; everyone but guests for public channels)? */
export function canSubscribeSelf(realm: Realm, user: User, channel: Channel): boolean {
  if (channel.is_archived) return false;
  if (!channel.invite_only && !isGuest(user)) return true;
  return (
    canAdministerChannel(realm, user, channel) ||
    userInGroupSetting(realm, user, channel.can_subscribe_group) ||
    userInGroupSetting(realm, user, channel.can_add_subscribers_group)
  );
}

/**
 * May `user` subscribe other users: the channel's `can_add_subscribers_group`, its administrators, or
 * the organization's `can_add_subscribers_group` for channels whose content they can access.
 */
export function canAddSubscribers(realm: Realm, user: User, channel: Channel): boolean {
  if (channel.is_archived) return false;
  if (canAdministerChannel(realm, user, channel)) return true;
  if (userInGroupSetting(realm, user, channel.can_add_subscribers_group)) return true;
  return (
    userInGroupSetting(realm, user, realm.settings.can_add_subscribers_group) &&
    canAccessContent(realm, user, channel)
  );
}

/** What GET /streams (4.9) asks for. */
export interface ChannelQuery {
  include_public: boolean;
  include_web_public: boolean;
  include_subscribed: boolean;
  exclude_archived: boolean;
  include_all: boolean;
  include_default: boolean;
  include_owner_subscribed: boolean;
  include_can_access_content: boolean;
  /** Deprecated alias of `include_all`, with its old rule: administrators only. */
  include_all_active: boolean;
}

/** GET /streams: the channels one request selects, never one the user may not know of. */
export function selectChannels(realm: Realm, user: User, q: ChannelQuery): Channel[] {
  if (q.include_all_active && !isAdmin(user)) throw badRequest('User not authorized for this query');
  const includeAll = q.include_all || q.include_all_active;
  const owner = user.is_bot && user.bot_owner_id !== null ? realm.users.get(user.bot_owner_id) : undefined;
  return [...realm.channels.values()].filter((c) => {
    if (q.exclude_archived && c.is_archived) return false;
    if (includeAll) return isAdmin(user) || canAccessMetadata(realm, user, c);
    return (
      (q.include_public && !c.invite_only && !isGuest(user)) ||
      (q.include_web_public && c.is_web_public) ||
      (q.include_subscribed && isSubscribed(c, user.user_id)) ||
      (q.include_can_access_content && canAccessContent(realm, user, c)) ||
      // Default channels only as far as the user may see them (a guest is not told of those they are not in).
      (q.include_default && c.is_default && canAccessMetadata(realm, user, c)) ||
      (q.include_owner_subscribed && owner !== undefined && isSubscribed(c, owner.user_id))
    );
  });
}

/** GET /streams/{stream_id}: a channel the user may see the settings of. */
export function visibleChannel(realm: Realm, user: User, streamId: number): Channel {
  const channel = realm.channels.get(streamId);
  if (!channel || !canAccessMetadata(realm, user, channel)) throw badRequest('Invalid channel ID');
  return channel;
}
