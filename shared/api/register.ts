import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { narrowAsPairs } from './compat';
import { defineEndpoint, successResponse } from './endpoint';
import { acceptingRealFieldNames } from './spellings';
import { presencesSchema } from './presence';
import {
  channelSchema,
  draftSchema,
  groupSettingValueSchema,
  linkifierSchema,
  mutedUserSchema,
  narrowSchema,
  realmBotSchema,
  realmEmojiMapSchema,
  savedSnippetSchema,
  scheduledMessageSchema,
  subscriptionSchema,
  userGroupSchema,
  userSchema,
  userSettingsRecordSchema,
  userStatusSchema,
  userTopicSchema,
} from './resources';

const int = lazy(() => z.number().int());

/**
 * What the client declares it understands (public register docs). Unknown keys pass through so a
 * caller can declare a newer capability without a change here.
 */
export const clientCapabilitiesSchema = lazy(() =>
  z.looseObject({
    notification_settings_null: z.boolean().optional(),
    bulk_message_deletion: z.boolean().optional(),
    user_avatar_url_field_optional: z.boolean().optional(),
    /** Spec 4.4: the client shows channel typing events. */
    stream_typing_notifications: z.boolean().optional(),
    /** Spec part 6: receive `user_settings` events instead of the two deprecated kinds. */
    user_settings_object: z.boolean().optional(),
    linkifier_url_template: z.boolean().optional(),
    user_list_incomplete: z.boolean().optional(),
    include_deactivated_groups: z.boolean().optional(),
    archived_channels: z.boolean().optional(),
    empty_topic_name: z.boolean().optional(),
    simplified_presence_events: z.boolean().optional(),
  }),
);
export type ClientCapabilities = Infer<typeof clientCapabilitiesSchema>;

export const registerParamsSchema = lazy(() =>
  z.object({
    event_types: z.array(z.string()).optional(),
    fetch_event_types: z.array(z.string()).optional(),
    client_capabilities: clientCapabilitiesSchema().optional(),
    apply_markdown: z.boolean().optional(),
    client_gravatar: z.boolean().optional(),
    slim_presence: z.boolean().optional(),
    include_subscribers: z.union([z.boolean(), z.literal('partial')]).optional(),
    all_public_streams: z.boolean().optional(),
    narrow: narrowSchema().optional(),
  }),
);
export type RegisterParams = Infer<typeof registerParamsSchema>;

/** Unread message state (the `unread_msgs` register field). */
export const unreadMessagesSchema = lazy(() =>
  z.looseObject({
    count: int().optional(),
    pms: z
      .array(
        z.looseObject({
          other_user_id: int().optional(),
          /** The deprecated name of `other_user_id`, still sent beside it. */
          sender_id: int().optional(),
          unread_message_ids: z.array(int()),
        }),
      )
      .optional(),
    streams: z
      .array(z.looseObject({ stream_id: int(), topic: z.string(), unread_message_ids: z.array(int()) }))
      .optional(),
    huddles: z
      .array(z.looseObject({ user_ids_string: z.string(), unread_message_ids: z.array(int()) }))
      .optional(),
    mentions: z.array(int()).optional(),
    old_unreads_missing: z.boolean().optional(),
  }),
);
export type UnreadMessages = Infer<typeof unreadMessagesSchema>;

const optionalGroup = lazy(() => groupSettingValueSchema().optional());
const optionalLimit = lazy(() => int().nullable().optional());

/**
 * Realm settings the client reads, with their `realm_` prefix as POST /register sends them. The
 * realm `update` events and PATCH /realm use the same names without the prefix.
 */
export const realmSettingsInRegister = lazy(
  () =>
    ({
      realm_name: z.string().optional(),
      realm_description: z.string().optional(),
      realm_icon_url: z.string().optional(),
      realm_url: z.string().optional(),
      realm_uri: z.string().optional(),
      realm_date_created: int().optional(),
      realm_default_language: z.string().optional(),
      realm_allow_message_editing: z.boolean().optional(),
      realm_allow_edit_history: z.boolean().optional(),
      realm_message_edit_history_visibility_policy: z.union([z.string(), int()]).optional(),
      realm_message_content_edit_limit_seconds: optionalLimit(),
      realm_message_content_delete_limit_seconds: optionalLimit(),
      realm_move_messages_within_stream_limit_seconds: optionalLimit(),
      realm_move_messages_between_streams_limit_seconds: optionalLimit(),
      realm_mandatory_topics: z.boolean().optional(),
      realm_topics_policy: z.union([z.string(), int()]).optional(),
      realm_enable_spectator_access: z.boolean().optional(),
      realm_web_public_access_enabled: z.boolean().optional(),
      realm_enable_read_receipts: z.boolean().optional(),
      realm_presence_disabled: z.boolean().optional(),
      realm_invite_required: z.boolean().optional(),
      realm_waiting_period_threshold: int().optional(),
      realm_message_retention_days: int().nullable().optional(),
      /** No default is "", or null from servers before feature level 195 (the real service's changelog). */
      realm_default_code_block_language: z
        .string()
        .nullable()
        .transform((language) => language ?? '')
        .optional(),
      realm_inline_image_preview: z.boolean().optional(),
      realm_inline_url_embed_preview: z.boolean().optional(),
      realm_require_unique_names: z.boolean().optional(),
      realm_emails_restricted_to_domains: z.boolean().optional(),
      realm_digest_emails_enabled: z.boolean().optional(),
      realm_send_welcome_emails: z.boolean().optional(),
      realm_new_stream_announcements_stream_id: int().optional(),
      realm_signup_announcements_stream_id: int().optional(),
      realm_can_resolve_topics_group: optionalGroup(),
      realm_can_move_messages_between_channels_group: optionalGroup(),
      realm_can_move_messages_between_topics_group: optionalGroup(),
      realm_can_mention_many_users_group: optionalGroup(),
      realm_can_create_public_channel_group: optionalGroup(),
      realm_can_create_private_channel_group: optionalGroup(),
      realm_can_create_web_public_channel_group: optionalGroup(),
      realm_can_add_subscribers_group: optionalGroup(),
      realm_can_invite_users_group: optionalGroup(),
      realm_can_create_groups: optionalGroup(),
      realm_can_manage_all_groups: optionalGroup(),
      realm_can_add_custom_emoji_group: optionalGroup(),
      realm_can_delete_any_message_group: optionalGroup(),
      realm_can_delete_own_message_group: optionalGroup(),
      realm_can_access_all_users_group: optionalGroup(),
      realm_can_set_topics_policy_group: optionalGroup(),
      realm_can_summarize_topics_group: optionalGroup(),
      realm_direct_message_permission_group: optionalGroup(),
      realm_direct_message_initiator_group: optionalGroup(),
      realm_create_multiuse_invite_group: optionalGroup(),
      // Deprecated integer policies, still sent by older servers.
      realm_edit_topic_policy: int().optional(),
      realm_move_messages_between_streams_policy: int().optional(),
      realm_wildcard_mention_policy: int().optional(),
      realm_invite_to_stream_policy: int().optional(),
      realm_create_public_stream_policy: int().optional(),
      realm_create_private_stream_policy: int().optional(),
      realm_user_group_edit_policy: int().optional(),
      realm_delete_own_message_policy: int().optional(),
    }) as const,
);

/**
 * POST /register response. The spec does not list its fields (part 2.7); these follow the public
 * register documentation. Everything but the queue's identity is optional, so an older or newer
 * server decodes, and unknown fields are kept.
 */
export const registerResponseSchema = lazy(() =>
  acceptingRealFieldNames(
    successResponse({
      queue_id: z.string().nullable(),
      last_event_id: int(),
      service_feature_level: int().optional(),
      service_version: z.string().optional(),
      service_merge_base: z.string().optional(),
      event_queue_longpoll_timeout_seconds: z.number().optional(),

      max_topic_length: int().optional(),
      max_message_length: int().optional(),
      max_stream_name_length: int().optional(),
      max_stream_description_length: int().optional(),
      realm_empty_topic_display_name: z.string().optional(),
      server_typing_started_wait_period_milliseconds: int().optional(),
      server_typing_stopped_wait_period_milliseconds: int().optional(),
      server_typing_started_expiry_period_milliseconds: int().optional(),

      user_settings: userSettingsRecordSchema().optional(),
      realm_user_settings_defaults: userSettingsRecordSchema().optional(),

      subscriptions: z.array(subscriptionSchema()).optional(),
      /** Every channel the user can see (the `stream` fetch type). */
      streams: z.array(channelSchema()).optional(),
      unsubscribed: z.array(subscriptionSchema()).optional(),
      never_subscribed: z.array(subscriptionSchema()).optional(),
      realm_users: z.array(userSchema()).optional(),
      realm_non_active_users: z.array(userSchema()).optional(),
      cross_realm_bots: z.array(userSchema()).optional(),
      realm_bots: z.array(realmBotSchema()).optional(),
      realm_user_groups: z.array(userGroupSchema()).optional(),
      realm_linkifiers: z.array(linkifierSchema()).optional(),
      realm_emoji: realmEmojiMapSchema().optional(),
      drafts: z.array(draftSchema()).optional(),
      saved_snippets: z.array(savedSnippetSchema()).optional(),
      user_status: z.record(z.string(), userStatusSchema()).optional(),
      user_topics: z.array(userTopicSchema()).optional(),
      unread_msgs: unreadMessagesSchema().optional(),
      recent_private_conversations: z
        .array(z.looseObject({ max_message_id: int(), user_ids: z.array(int()) }))
        .optional(),
      alert_words: z.array(z.string()).optional(),
      muted_users: z.array(mutedUserSchema()).optional(),
      scheduled_messages: z.array(scheduledMessageSchema()).optional(),
      /** IDs of the user's starred messages (the `starred_messages` fetch type). */
      starred_messages: z.array(int()).optional(),
      /**
       * Per user ID, when they were last active and idle (the modern, slim form); older servers key
       * by email and nest per client, which decodes too but carries neither time.
       */
      presences: presencesSchema().optional(),
      /** What to send as `last_update_id` to hear only of later changes (level 263). */
      presence_last_update_id: int().optional(),
      server_presence_ping_interval_seconds: int().optional(),
      server_presence_offline_threshold_seconds: int().optional(),
      available_notification_sounds: z.array(z.string()).optional(),
      /** The languages the server offers for `default_language`. */
      language_list: z.array(z.looseObject({ code: z.string(), name: z.string().optional() })).optional(),
      server_timestamp: z.number().optional(),
      max_file_upload_size_mib: int().optional(),

      ...realmSettingsInRegister(),

      user_id: int().optional(),
      email: z.string().optional(),
      delivery_email: z.string().optional(),
      full_name: z.string().optional(),
      avatar_url: z.string().nullable().optional(),
      is_admin: z.boolean().optional(),
      is_moderator: z.boolean().optional(),
      is_owner: z.boolean().optional(),
      is_guest: z.boolean().optional(),
      is_billing_admin: z.boolean().optional(),
      role: int().optional(),
    }),
  ),
);
export type RegisterResponse = Infer<typeof registerResponseSchema>;

/** POST /register: registers an event queue and returns the initial state. Main process only. */
export const register = defineEndpoint({
  name: 'register',
  method: 'POST',
  path: '/register',
  params: registerParamsSchema,
  response: registerResponseSchema,
  adapt: (params, ctx) =>
    params.narrow ? { ...params, narrow: narrowAsPairs(params.narrow, ctx) } : { ...params },
});
