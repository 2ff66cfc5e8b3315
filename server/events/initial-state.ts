import type { Realm } from '../realm/realm';
import { scheduledMessageToWire, userScheduledMessages } from '../realm/scheduled-messages';
import { mutedUsersToWire } from '../realm/muted-users';
import type { Timings } from '../http/context';
import { isAdmin, isModeratorOrAbove } from '../realm/roles';
import { statusToWire } from '../realm/user-status';
import { listedUsers, userToWire, type User } from '../realm/users';
import { groupToWire, userInGroupSetting } from '../realm/groups';
import { REALM_GROUP_SETTINGS } from '../realm/settings';
import { canAccessMetadata } from '../realm/channels';
import { channelToWire, subscriptionToWire } from '../realm/channel-wire';
import { activeSubscriberIds } from '../realm/subscriptions';
import { linkifierToWire } from '../realm/linkifiers';
import { realmEmojiToWire } from '../realm/emoji';
import { draftToWire, userDrafts } from '../realm/drafts';
import { snippetToWire, userSnippets } from '../realm/snippets';
import { isConversationMuted, userTopicToWire } from '../realm/user-topics';
import { DISPLAY_SETTINGS, NOTIFICATION_SETTINGS, USER_SETTING_RULES } from '../realm/user-settings';
import { canReadMessage, mentionFlags, recentPrivateConversations, type Message } from '../realm/messages';
import {
  MAX_MESSAGE_LENGTH,
  MAX_STREAM_DESCRIPTION_LENGTH,
  MAX_STREAM_NAME_LENGTH,
  MAX_TOPIC_LENGTH,
} from '../realm/limits';
import {
  PRESENCE_OFFLINE_THRESHOLD_SECONDS,
  PRESENCE_PING_INTERVAL_SECONDS,
  presenceLastUpdateId,
  presencesFor,
} from '../realm/presence';
import { renderMarkdown } from '../render/markdown';
import { SERVICE_FEATURE_LEVEL, SERVICE_MERGE_BASE, SERVICE_VERSION } from '../version';
import type { ClientCapabilities } from './queue';

export interface StateRequest {
  /** null = everything. */
  fetchEventTypes: Set<string> | null;
  includeSubscribers: boolean;
  capabilities: ClientCapabilities;
  allowEmptyTopic: boolean;
  /** `slim_presence`: `presences` keyed by user id in the modern form. */
  slimPresence?: boolean;
  presenceHistoryLimitDays?: number;
}

/** Register keys that go by another name than the event type that keeps them current. */
const FETCH_ALIASES: Record<string, string[]> = {
  realm_user_groups: ['user_group'],
  subscription: ['stream'],
  user_topic: ['muted_topics'],
  update_message_flags: ['message'],
};

/** The realm settings as POST /register reports them (`realm_` prefix). */
export function realmStateFields(realm: Realm): Record<string, unknown> {
  const s = realm.settings;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s)) out[`realm_${key}`] = value;
  // Deprecated forms of two settings (levels 358 and 392), derived as the real service does; no
  // longer settable on their own.
  out.realm_allow_edit_history = s.message_edit_history_visibility_policy !== 'none';
  out.realm_mandatory_topics = s.topics_policy === 'disable_empty_topic';
  out.realm_description = renderMarkdown(realm, s.description).html;
  out.realm_url = realm.url;
  out.realm_uri = realm.url;
  out.realm_icon_url = s.icon_url;
  out.realm_presence_disabled = realm.presenceDisabled;
  out.realm_is_zephyr_mirror_realm = false;
  out.realm_push_notifications_enabled = false;
  out.realm_available_video_chat_providers = {};
  // The object form of the real service (level 227 on): per backend, enabled and available.
  out.realm_authentication_methods = {
    Email: { enabled: true, available: true },
    Dev: { enabled: false, available: true },
  };
  for (const key of REALM_GROUP_SETTINGS) out[`realm_${key}`] = s[key];
  return out;
}

/**
 * `unread_msgs` covers at most this many unread messages, the newest ones, as the real service
 * (MAX_UNREAD_MESSAGES); `old_unreads_missing` then says that older ones were left out.
 */
export const MAX_UNREAD_MESSAGES = 50_000;

/** The user's newest readable unread messages, at most MAX_UNREAD_MESSAGES, ascending. */
function newestUnread(realm: Realm, user: User): { messages: Message[]; capped: boolean } {
  const ids = [...(realm.flagStates.get(user.user_id)?.unread ?? [])].sort((a, b) => b - a);
  const messages: Message[] = [];
  for (const id of ids) {
    const m = realm.messagesById.get(id);
    if (!m || !canReadMessage(realm, user, m)) continue;
    if (messages.length === MAX_UNREAD_MESSAGES) return { messages: messages.reverse(), capped: true };
    messages.push(m);
  }
  return { messages: messages.reverse(), capped: false };
}

/**
 * Whether an unread message goes in `unread_msgs.mentions`, as the real service documents it: one
 * that mentions the user directly (or a group of theirs), and one with a wildcard mention unless
 * it is in a muted conversation.
 */
function inUnreadMentions(realm: Realm, message: Message, userId: number): boolean {
  const flags = mentionFlags(realm, message, userId);
  if (flags.includes('mentioned')) return true;
  if (flags.length === 0) return false;
  return message.type !== 'stream' || !isConversationMuted(realm, userId, message.stream_id!, message.topic);
}

function unreadMessages(realm: Realm, user: User, allowEmptyTopic: boolean): Record<string, unknown> {
  const unread = newestUnread(realm, user);
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (const m of unread.messages) {
    const id = m.id;
    count++;
    if (m.type === 'stream') {
      const topic = m.topic === '' && !allowEmptyTopic ? realm.emptyTopicDisplayName : m.topic;
      const key = `${m.stream_id}\u0000${m.topic.toLowerCase()}`;
      const entry = streams.get(key) ?? { stream_id: m.stream_id!, topic, unread_message_ids: [] };
      entry.unread_message_ids.push(id);
      streams.set(key, entry);
    } else if (m.dm_user_ids.length <= 2) {
      const other = m.dm_user_ids.find((u) => u !== user.user_id) ?? user.user_id;
      const list = pms.get(other);
      if (list) list.push(id);
      else pms.set(other, [id]);
    } else {
      const key = m.dm_user_ids.join(',');
      const list = huddles.get(key);
      if (list) list.push(id);
      else huddles.set(key, [id]);
    }
    if (inUnreadMentions(realm, m, user.user_id)) mentions.push(id);
  }
  const huddleList = [...huddles].map(([user_ids_string, unread_message_ids]) => ({
    user_ids_string,
    unread_message_ids,
  }));
  return {
    count,
    pms: [...pms].map(([other_user_id, unread_message_ids]) => ({
      other_user_id,
      sender_id: other_user_id,
      unread_message_ids,
    })),
    streams: [...streams.values()],
    huddles: huddleList,
    direct_message_groups: huddleList,
    mentions,
    old_unreads_missing: unread.capped,
  };
}

/** POST /register's state for `user`, limited to the requested event types. */
export function initialState(
  realm: Realm,
  user: User,
  timings: Timings,
  req: StateRequest,
): Record<string, unknown> {
  const want = (type: string) =>
    req.fetchEventTypes === null ||
    req.fetchEventTypes.has(type) ||
    (FETCH_ALIASES[type] ?? []).some((alias) => req.fetchEventTypes!.has(alias));
  const state: Record<string, unknown> = {
    service_feature_level: SERVICE_FEATURE_LEVEL,
    service_version: SERVICE_VERSION,
    service_merge_base: SERVICE_MERGE_BASE,
  };

  if (want('alert_words')) state.alert_words = user.alert_words;
  if (want('custom_profile_fields')) {
    state.custom_profile_fields = [];
    state.custom_profile_field_types = {};
  }
  if (want('default_streams')) {
    state.realm_default_streams = [...realm.channels.values()]
      .filter((c) => c.is_default)
      .map((c) => c.stream_id);
  }
  if (want('drafts'))
    state.drafts = user.settings.enable_drafts_synchronization
      ? userDrafts(realm, user.user_id).map(draftToWire)
      : [];
  if (want('message')) state.max_message_id = realm.messages.at(-1)?.id ?? -1;
  if (want('muted_topics')) {
    state.muted_topics = realm.userTopics
      .filter((t) => t.user_id === user.user_id && t.visibility_policy === 1)
      .map((t) => [realm.channels.get(t.stream_id)?.name ?? '', t.topic_name, t.last_updated]);
  }
  if (want('muted_users')) state.muted_users = mutedUsersToWire(realm, user.user_id);
  if (want('presence')) {
    state.presences = presencesFor(realm, {
      slim: req.slimPresence === true,
      ...(req.presenceHistoryLimitDays !== undefined
        ? { historyLimitDays: req.presenceHistoryLimitDays }
        : {}),
    });
    state.presence_last_update_id = presenceLastUpdateId(realm);
    state.server_timestamp = realm.clock() / 1000;
  }
  if (want('realm')) {
    Object.assign(state, realmStateFields(realm), {
      max_avatar_file_size_mib: 5,
      max_file_upload_size_mib: realm.maxFileUploadSizeMib,
      max_icon_file_size_mib: 5,
      max_logo_file_size_mib: 5,
      max_message_length: MAX_MESSAGE_LENGTH,
      max_topic_length: MAX_TOPIC_LENGTH,
      max_stream_name_length: MAX_STREAM_NAME_LENGTH,
      max_stream_description_length: MAX_STREAM_DESCRIPTION_LENGTH,
      max_bulk_new_subscription_messages: 100,
      realm_empty_topic_display_name: realm.emptyTopicDisplayName,
      // Spec 4.5: the client-side timeout exceeds the heartbeat period, whatever the configuration says.
      event_queue_longpoll_timeout_seconds: Math.max(
        timings.longpollTimeoutSeconds,
        timings.heartbeatSeconds + 1,
      ),
      server_typing_started_wait_period_milliseconds: timings.typingStartedWaitMs,
      server_typing_stopped_wait_period_milliseconds: timings.typingStoppedWaitMs,
      server_typing_started_expiry_period_milliseconds: timings.typingStartedExpiryMs,
      server_presence_ping_interval_seconds: PRESENCE_PING_INTERVAL_SECONDS,
      server_presence_offline_threshold_seconds: PRESENCE_OFFLINE_THRESHOLD_SECONDS,
      server_web_public_streams_enabled: realm.server.webPublicStreamsEnabled,
      server_needs_upgrade: false,
      server_emoji_data_url: '',
      server_avatar_changes_disabled: false,
      server_name_changes_disabled: false,
      server_inline_image_preview: true,
      server_inline_url_embed_preview: false,
      server_jitsi_server_url: null,
      server_can_summarize_topics: false,
      server_thumbnail_formats: [],
      server_min_deactivated_realm_deletion_days: null,
      server_max_deactivated_realm_deletion_days: null,
      giphy_api_key: '',
      settings_send_digest_emails: false,
      development_environment: false,
      password_min_length: 6,
      password_max_length: 100,
      password_min_guesses: 10000,
      stop_words: [],
    });
  }
  if (want('realm_emoji')) {
    state.realm_emoji = Object.fromEntries(
      [...realm.emoji.values()].map((e) => [String(e.id), realmEmojiToWire(e)]),
    );
  }
  if (want('realm_linkifiers')) state.realm_linkifiers = realm.linkifiers.map(linkifierToWire);
  if (want('realm_filters')) state.realm_filters = [];
  if (want('realm_playgrounds')) state.realm_playgrounds = [];
  if (want('realm_domains')) state.realm_domains = [];
  if (want('realm_user')) {
    const users = listedUsers(realm);
    state.realm_users = users.filter((u) => u.is_active).map((u) => userToWire(realm, user, u));
    state.realm_non_active_users = users.filter((u) => !u.is_active).map((u) => userToWire(realm, user, u));
    state.cross_realm_bots = [...realm.users.values()]
      .filter((u) => u.is_system_bot)
      .map((u) => ({ ...userToWire(realm, user, u), is_system_bot: true }));
    const me = userToWire(realm, user, user);
    Object.assign(state, {
      user_id: user.user_id,
      email: user.email,
      delivery_email: user.delivery_email,
      full_name: user.full_name,
      is_admin: me.is_admin,
      is_owner: me.is_owner,
      is_moderator: isModeratorOrAbove(user),
      is_guest: me.is_guest,
      avatar_source: 'U',
      avatar_url: me.avatar_url,
      avatar_url_medium: me.avatar_url,
      can_create_streams: true,
      // Derived from the organization's invite permission, as the real service does.
      can_invite_others_to_realm: userInGroupSetting(realm, user, realm.settings.can_invite_users_group),
    });
  }
  if (want('realm_bot')) {
    state.realm_bots = listedUsers(realm)
      .filter((u) => u.is_bot && (u.bot_owner_id === user.user_id || isAdmin(user)))
      .map((u) => ({
        user_id: u.user_id,
        email: u.email,
        full_name: u.full_name,
        bot_type: u.bot_type,
        is_active: u.is_active,
        api_key: u.bot_owner_id === user.user_id ? u.api_key : '',
        owner_id: u.bot_owner_id,
        services: [],
      }));
  }
  if (want('realm_user_groups')) {
    state.realm_user_groups = [...realm.groups.values()]
      .filter((g) => !g.deactivated || req.capabilities.include_deactivated_groups)
      .map((g) => groupToWire(realm, g));
  }
  if (want('realm_user_settings_defaults'))
    // Only what an organization can set a default for (no `timezone`: that is each person's own).
    state.realm_user_settings_defaults = Object.fromEntries(
      Object.entries(realm.userSettingsDefaults).filter(
        ([name]) => USER_SETTING_RULES[name as keyof typeof USER_SETTING_RULES]?.realmDefault,
      ),
    );
  if (want('recent_private_conversations'))
    state.recent_private_conversations = recentPrivateConversations(realm, user.user_id);
  if (want('saved_snippets')) state.saved_snippets = userSnippets(realm, user.user_id).map(snippetToWire);
  if (want('scheduled_messages'))
    state.scheduled_messages = userScheduledMessages(realm, user.user_id).map((s) =>
      scheduledMessageToWire(realm, s),
    );
  if (want('starred_messages'))
    state.starred_messages = [...(realm.flagStates.get(user.user_id)?.starred ?? [])].sort((a, b) => a - b);
  if (want('stream')) {
    state.streams = [...realm.channels.values()]
      .filter(
        (c) => canAccessMetadata(realm, user, c) && (!c.is_archived || req.capabilities.archived_channels),
      )
      .map((c) => channelToWire(realm, c));
  }
  if (want('subscription')) {
    const subscriptions: Record<string, unknown>[] = [];
    const unsubscribed: Record<string, unknown>[] = [];
    const neverSubscribed: Record<string, unknown>[] = [];
    for (const c of realm.channels.values()) {
      if (c.is_archived && !req.capabilities.archived_channels) continue;
      const sub = c.subscriptions.get(user.user_id);
      if (sub?.active) subscriptions.push(subscriptionToWire(realm, c, sub, req.includeSubscribers));
      else if (sub) unsubscribed.push(subscriptionToWire(realm, c, sub, req.includeSubscribers));
      else if (canAccessMetadata(realm, user, c)) {
        const entry = channelToWire(realm, c);
        if (req.includeSubscribers) entry.subscribers = activeSubscriberIds(c);
        neverSubscribed.push(entry);
      }
    }
    Object.assign(state, { subscriptions, unsubscribed, never_subscribed: neverSubscribed });
  }
  if (want('update_message_flags') || want('message')) {
    state.unread_msgs = unreadMessages(realm, user, req.allowEmptyTopic);
  }
  if (want('user_settings')) {
    state.user_settings = {
      ...user.settings,
      available_notification_sounds: ['chime', 'ding'],
      emojiset_choices: emojisetChoices(),
    };
    if (!req.capabilities.user_settings_object) {
      // Legacy clients read the settings the deprecated events carried as top-level fields; newer
      // settings exist only in `user_settings`.
      for (const [k, v] of Object.entries(user.settings))
        if (DISPLAY_SETTINGS.has(k) || NOTIFICATION_SETTINGS.has(k)) state[k] = v;
    }
  }
  if (want('update_display_settings') && !req.capabilities.user_settings_object) {
    for (const k of DISPLAY_SETTINGS) state[k] = user.settings[k as keyof User['settings']];
  }
  if (want('user_status')) {
    const statuses: Record<string, unknown> = {};
    for (const u of listedUsers(realm)) {
      const entry = statusToWire(u.status);
      if (Object.keys(entry).length > 0) statuses[String(u.user_id)] = entry;
    }
    state.user_status = statuses;
  }
  if (want('user_topic')) {
    state.user_topics = realm.userTopics.filter((t) => t.user_id === user.user_id).map(userTopicToWire);
  }
  if (want('video_calls')) state.has_zoom_token = false;
  if (want('giphy')) state.giphy_api_key = '';
  return state;
}

export function emojisetChoices(): { key: string; text: string }[] {
  return [
    { key: 'vendorA', text: 'Modern' },
    { key: 'vendorA-blob', text: 'Classic blob' },
    { key: 'vendorB', text: 'Second vendor' },
    { key: 'text', text: 'Plain text' },
  ];
}
