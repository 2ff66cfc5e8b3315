/**
 * The shapes the renderer reads from the server: the resources of spec part 2 plus the fields of
 * POST /register and GET /messages the client relies on. Every field the spec leaves optional is
 * optional here, and unknown fields are carried along untouched.
 */

export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

export interface Channel {
  stream_id: number;
  name: string;
  is_archived?: boolean;
  description: string;
  rendered_description: string;
  date_created?: number;
  creator_id?: number | null;
  invite_only: boolean;
  is_web_public: boolean;
  stream_post_policy?: number;
  message_retention_days?: number | null;
  history_public_to_subscribers?: boolean;
  first_message_id?: number | null;
  is_recently_active?: boolean;
  can_add_subscribers_group?: GroupSettingValue;
  can_remove_subscribers_group?: GroupSettingValue;
  can_administer_channel_group?: GroupSettingValue;
  can_send_message_group?: GroupSettingValue;
  can_subscribe_group?: GroupSettingValue;
  stream_weekly_traffic?: number | null;
  is_default?: boolean;
}

export interface Subscription extends Partial<Channel> {
  stream_id: number;
  name: string;
  color?: string;
  is_muted?: boolean;
  in_home_view?: boolean;
  pin_to_top?: boolean;
  subscribers?: number[];
  [key: string]: unknown;
}

export interface TopicEntry {
  name: string;
  max_id: number;
}

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export interface DisplayRecipientUser {
  id: number;
  email: string;
  full_name: string;
}

export interface Message {
  id: number;
  sender_id: number;
  sender_full_name: string;
  sender_email?: string;
  avatar_url?: string | null;
  /** Rendered HTML (the renderer always asks for markdown to be applied). */
  content: string;
  type: 'stream' | 'private';
  stream_id?: number;
  /** The topic (the wire still calls it `subject` in messages). */
  subject: string;
  display_recipient: string | DisplayRecipientUser[];
  timestamp: number;
  reactions: Reaction[];
  flags: string[];
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
  match_content?: string;
  match_subject?: string;
}

export interface User {
  user_id: number;
  email: string;
  full_name: string;
  avatar_url?: string | null;
  role?: number;
  is_bot?: boolean;
  is_active?: boolean;
  timezone?: string;
  [key: string]: unknown;
}

export interface UserStatus {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
  away?: boolean;
}

export interface UserTopic {
  stream_id: number;
  topic_name: string;
  last_updated?: number;
  /** 0 none, 1 muted, 2 unmuted, 3 followed. */
  visibility_policy: number;
}

export interface UserGroup {
  id: number;
  name: string;
  description?: string;
  members?: number[];
  direct_subgroup_ids?: number[];
  is_system_group?: boolean;
  deactivated?: boolean;
  [key: string]: unknown;
}

export interface UnreadChannelEntry {
  stream_id: number;
  topic: string;
  unread_message_ids: number[];
}
export interface UnreadDmEntry {
  other_user_id?: number;
  sender_id?: number;
  unread_message_ids: number[];
}
export interface UnreadGroupDmEntry {
  user_ids_string: string;
  unread_message_ids: number[];
}
export interface UnreadMsgs {
  streams: UnreadChannelEntry[];
  pms: UnreadDmEntry[];
  huddles: UnreadGroupDmEntry[];
  mentions?: number[];
  count?: number;
}

export interface RealmEmoji {
  id: string;
  name: string;
  source_url: string;
  deactivated?: boolean;
}

export interface RecentDm {
  max_message_id: number;
  user_ids: number[];
}

/** An entry of `realm_bots`. Its `api_key` never reaches the renderer (main strips it). */
export interface RealmBot {
  user_id: number;
  email: string;
  full_name: string;
  owner_id?: number | null;
  is_active?: boolean;
}

/** The POST /register fields the renderer reads. All optional: older servers omit some. */
export interface InitialState {
  queue_id: string | null;
  last_event_id: number;
  service_feature_level?: number;
  user_id?: number;
  email?: string;
  full_name?: string;
  is_admin?: boolean;
  is_moderator?: boolean;
  role?: number;
  subscriptions?: Subscription[];
  unsubscribed?: Subscription[];
  never_subscribed?: Subscription[];
  unread_msgs?: UnreadMsgs;
  realm_users?: User[];
  realm_non_active_users?: User[];
  cross_realm_bots?: User[];
  realm_bots?: RealmBot[];
  user_topics?: UserTopic[];
  user_status?: Record<string, UserStatus>;
  realm_user_groups?: UserGroup[];
  realm_emoji?: Record<string, RealmEmoji>;
  recent_private_conversations?: RecentDm[];
  starred_messages?: number[];
  user_settings?: Record<string, unknown>;
  realm_user_settings_defaults?: Record<string, unknown>;
  realm_linkifiers?: unknown[];
  drafts?: unknown[];
  saved_snippets?: unknown[];
  realm_empty_topic_display_name?: string;
  max_topic_length?: number;
  max_message_length?: number;
  max_stream_name_length?: number;
  max_stream_description_length?: number;
  server_typing_started_expiry_period_milliseconds?: number;
  server_typing_stopped_wait_period_milliseconds?: number;
  server_typing_started_wait_period_milliseconds?: number;
  realm_name?: string;
  realm_icon_url?: string;
  realm_message_retention_days?: number;
  realm_allow_message_editing?: boolean;
  realm_message_content_edit_limit_seconds?: number | null;
  realm_move_messages_within_stream_limit_seconds?: number | null;
  realm_can_move_messages_between_topics_group?: GroupSettingValue;
  [key: string]: unknown;
}

export interface GetMessagesResponse {
  messages: Message[];
  found_anchor?: boolean;
  found_oldest: boolean;
  found_newest: boolean;
  history_limited?: boolean;
  anchor?: number;
}

export interface EditHistorySnapshot {
  topic: string;
  content: string;
  rendered_content: string;
  timestamp: number;
  user_id: number | null;
  prev_topic?: string;
  stream?: number;
  prev_stream?: number;
  prev_content?: string;
  prev_rendered_content?: string;
  content_html_diff?: string;
}
