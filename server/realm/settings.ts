import { SYSTEM_GROUPS, type GroupSettingValue } from './groups';

/**
 * Organization settings, keyed as in realm update events (POST /register prefixes them with `realm_`).
 * Time limits are seconds; null means no limit.
 */
export interface RealmSettings {
  name: string;
  description: string;
  icon_url: string;
  icon_source: string;
  date_created: number;
  org_type: number;
  plan_type: number;
  default_language: string;
  allow_message_editing: boolean;
  message_content_edit_limit_seconds: number | null;
  move_messages_within_stream_limit_seconds: number | null;
  move_messages_between_streams_limit_seconds: number | null;
  message_content_delete_limit_seconds: number | null;
  message_edit_history_visibility_policy: 'all' | 'moves' | 'none';
  topics_policy: 'allow_empty_topic' | 'disable_empty_topic';
  waiting_period_threshold: number;
  enable_spectator_access: boolean;
  message_retention_days: number;
  inline_image_preview: boolean;
  inline_url_embed_preview: boolean;
  enable_read_receipts: boolean;
  send_welcome_emails: boolean;
  digest_emails_enabled: boolean;
  digest_weekday: number;
  invite_required: boolean;
  emails_restricted_to_domains: boolean;
  disallow_disposable_email_addresses: boolean;
  require_unique_names: boolean;
  default_code_block_language: string;
  new_stream_announcements_stream_id: number;
  signup_announcements_stream_id: number;
  zulip_update_announcements_stream_id: number;
  /** The private channel moderation requests go to (-1 = none); it can never be made public. */
  moderation_request_channel_id: number;
  want_advertise_in_communities_directory: boolean;
  can_resolve_topics_group: GroupSettingValue;
  can_move_messages_between_channels_group: GroupSettingValue;
  can_move_messages_between_topics_group: GroupSettingValue;
  can_mention_many_users_group: GroupSettingValue;
  can_create_public_channel_group: GroupSettingValue;
  can_create_private_channel_group: GroupSettingValue;
  can_create_web_public_channel_group: GroupSettingValue;
  can_add_subscribers_group: GroupSettingValue;
  can_invite_users_group: GroupSettingValue;
  can_create_groups: GroupSettingValue;
  can_manage_all_groups: GroupSettingValue;
  can_delete_any_message_group: GroupSettingValue;
  can_delete_own_message_group: GroupSettingValue;
  can_access_all_users_group: GroupSettingValue;
  can_add_custom_emoji_group: GroupSettingValue;
  can_create_bots_group: GroupSettingValue;
  can_manage_billing_group: GroupSettingValue;
  can_set_topics_policy_group: GroupSettingValue;
  can_summarize_topics_group: GroupSettingValue;
  direct_message_permission_group: GroupSettingValue;
  direct_message_initiator_group: GroupSettingValue;
  create_multiuse_invite_group: GroupSettingValue;
}

export const REALM_GROUP_SETTINGS = [
  'can_resolve_topics_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_mention_many_users_group',
  'can_create_public_channel_group',
  'can_create_private_channel_group',
  'can_create_web_public_channel_group',
  'can_add_subscribers_group',
  'can_invite_users_group',
  'can_create_groups',
  'can_manage_all_groups',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_access_all_users_group',
  'can_add_custom_emoji_group',
  'can_create_bots_group',
  'can_manage_billing_group',
  'can_set_topics_policy_group',
  'can_summarize_topics_group',
  'direct_message_permission_group',
  'direct_message_initiator_group',
  'create_multiuse_invite_group',
] as const satisfies readonly (keyof RealmSettings)[];

export function defaultRealmSettings(): RealmSettings {
  const g = SYSTEM_GROUPS;
  return {
    name: 'Organization',
    description: '',
    icon_url: '',
    icon_source: 'G',
    date_created: 0,
    org_type: 0,
    plan_type: 1,
    default_language: 'en',
    allow_message_editing: true,
    message_content_edit_limit_seconds: 600,
    move_messages_within_stream_limit_seconds: 604800,
    move_messages_between_streams_limit_seconds: 604800,
    message_content_delete_limit_seconds: null,
    message_edit_history_visibility_policy: 'all',
    topics_policy: 'allow_empty_topic',
    waiting_period_threshold: 0,
    enable_spectator_access: true,
    message_retention_days: -1,
    inline_image_preview: true,
    inline_url_embed_preview: false,
    enable_read_receipts: true,
    send_welcome_emails: true,
    digest_emails_enabled: false,
    digest_weekday: 1,
    invite_required: true,
    emails_restricted_to_domains: false,
    disallow_disposable_email_addresses: true,
    require_unique_names: false,
    default_code_block_language: '',
    new_stream_announcements_stream_id: -1,
    signup_announcements_stream_id: -1,
    zulip_update_announcements_stream_id: -1,
    moderation_request_channel_id: -1,
    want_advertise_in_communities_directory: false,
    can_resolve_topics_group: g.everyone,
    can_move_messages_between_channels_group: g.members,
    can_move_messages_between_topics_group: g.everyone,
    can_mention_many_users_group: g.administrators,
    can_create_public_channel_group: g.members,
    can_create_private_channel_group: g.members,
    can_create_web_public_channel_group: g.owners,
    can_add_subscribers_group: g.members,
    can_invite_users_group: g.members,
    can_create_groups: g.members,
    can_manage_all_groups: g.owners,
    can_delete_any_message_group: g.administrators,
    can_delete_own_message_group: g.everyone,
    can_access_all_users_group: g.everyone,
    can_add_custom_emoji_group: g.members,
    can_create_bots_group: g.members,
    can_manage_billing_group: g.administrators,
    can_set_topics_policy_group: g.moderators,
    can_summarize_topics_group: g.everyone,
    direct_message_permission_group: g.everyone,
    direct_message_initiator_group: g.everyone,
    create_multiuse_invite_group: g.administrators,
  };
}

/** Topics are required when the policy disallows the empty topic. */
export function topicsRequired(s: RealmSettings): boolean {
  return s.topics_policy === 'disable_empty_topic';
}
