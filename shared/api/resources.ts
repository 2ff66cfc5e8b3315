import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { receivedReactionType } from './spellings';
import { withEditAndMoveTimes } from './edit-times';
import { REACTION_TYPES, Role, UserTopicVisibility, type ReactionType, type RoleValue } from './plain-values';

/**
 * Resource shapes (spec part 2, and the public API where the spec says "not shown"). Every object
 * is loose, so fields a newer server adds pass through; fields older servers may omit are optional.
 * Only identity fields every server version sends are required.
 */

const int = lazy(() => z.number().int());

/** Spec 2.1: a group ID, or an anonymous collection of users and groups. */
export const groupSettingValueSchema = lazy(() =>
  z.union([
    int(),
    z.looseObject({
      direct_members: z.array(int()),
      direct_subgroups: z.array(int()),
    }),
  ]),
);
export type GroupSettingValue = Infer<typeof groupSettingValueSchema>;

/** The five group-setting permissions of a channel (spec 2.2), each optional. */
export const channelPermissionsShape = lazy(() => ({
  can_add_subscribers_group: groupSettingValueSchema().optional(),
  can_remove_subscribers_group: groupSettingValueSchema().optional(),
  can_administer_channel_group: groupSettingValueSchema().optional(),
  can_send_message_group: groupSettingValueSchema().optional(),
  can_subscribe_group: groupSettingValueSchema().optional(),
}));

/** The six group-setting permissions of a user group (spec 4.14), each optional. */
export const userGroupPermissionsShape = lazy(() => ({
  can_add_members_group: groupSettingValueSchema().optional(),
  can_join_group: groupSettingValueSchema().optional(),
  can_leave_group: groupSettingValueSchema().optional(),
  can_manage_group: groupSettingValueSchema().optional(),
  can_mention_group: groupSettingValueSchema().optional(),
  can_remove_members_group: groupSettingValueSchema().optional(),
}));

/** Spec 4.2: how a group-setting value is changed; `old` lets the server refuse a stale edit. */
export const groupSettingUpdateSchema = lazy(() =>
  z.object({
    new: groupSettingValueSchema(),
    old: groupSettingValueSchema().optional(),
  }),
);
export type GroupSettingUpdate = Infer<typeof groupSettingUpdateSchema>;

/** Spec 2.7: the three emoji namespaces. */
export const reactionTypeSchema = lazy(() => z.enum(REACTION_TYPES));
export type { ReactionType };

/** A narrow filter: the object form, or the legacy `[operator, operand]` pair. */
export const narrowElementSchema = lazy(() =>
  z.union([
    z.object({
      operator: z.string(),
      operand: z.union([z.string(), int(), z.array(int())]),
      negated: z.boolean().optional(),
    }),
    z.tuple([z.string(), z.string()]),
  ]),
);
export type NarrowElement = Infer<typeof narrowElementSchema>;
export const narrowSchema = lazy(() => z.array(narrowElementSchema()));
export type Narrow = Infer<typeof narrowSchema>;

// ---- Messages ---------------------------------------------------------------------------------

export const reactionSchema = lazy(() =>
  z.looseObject({
    emoji_name: z.string(),
    emoji_code: z.string(),
    reaction_type: receivedReactionType(),
    user_id: int(),
  }),
);
export type Reaction = Infer<typeof reactionSchema>;

/** A recipient of a direct message, as listed in a message's `display_recipient`. */
export const displayRecipientUserSchema = lazy(() =>
  z.looseObject({
    id: int(),
    email: z.string(),
    full_name: z.string(),
    is_mirror_dummy: z.boolean().optional(),
  }),
);

/** Edit-history entries carried on a message object (an older, shorter form than spec 2.4). */
export const messageEditEntrySchema = lazy(() =>
  z.looseObject({
    timestamp: int(),
    user_id: int().nullable(),
    prev_content: z.string().optional(),
    prev_rendered_content: z.string().optional(),
    prev_rendered_content_version: int().optional(),
    prev_topic: z.string().optional(),
    prev_subject: z.string().optional(),
    prev_stream: int().optional(),
    stream: int().optional(),
    topic: z.string().optional(),
  }),
);

/** Message flags (spec 2.7 names `read` and `starred`; others such as `mentioned` also occur). */
export const messageFlagSchema = lazy(() => z.string());
export type MessageFlag = 'read' | 'starred' | 'mentioned' | 'wildcard_mentioned' | (string & {});

export const messageSchema = lazy(() =>
  z
    .looseObject({
      id: int(),
      type: z.enum(['stream', 'private']),
      sender_id: int(),
      sender_email: z.string().optional(),
      sender_full_name: z.string().optional(),
      sender_realm_str: z.string().optional(),
      avatar_url: z.string().nullable().optional(),
      client: z.string().optional(),
      /** Rendered HTML when `apply_markdown` was true (the default), raw markdown otherwise. */
      content: z.string(),
      content_type: z.string().optional(),
      /** Channel name for channel messages; the participants for direct messages. */
      display_recipient: z.union([z.string(), z.array(displayRecipientUserSchema())]).optional(),
      recipient_id: int().optional(),
      stream_id: int().optional(),
      /** The topic; message objects keep the legacy name. */
      subject: z.string().optional(),
      topic_links: z
        .array(z.union([z.looseObject({ text: z.string(), url: z.string() }), z.string()]))
        .optional(),
      timestamp: int(),
      flags: z.array(messageFlagSchema()).optional(),
      reactions: z.array(reactionSchema()).optional(),
      edit_history: z.array(messageEditEntrySchema()).optional(),
      last_edit_timestamp: int().optional(),
      last_moved_timestamp: int().optional(),
      is_me_message: z.boolean().optional(),
      submessages: z.array(z.unknown()).optional(),
      match_content: z.string().optional(),
      match_subject: z.string().optional(),
    })
    .transform(withEditAndMoveTimes),
);
export type Message = Infer<typeof messageSchema>;

/** Spec 2.4. */
export const editHistorySnapshotSchema = lazy(() =>
  z.looseObject({
    topic: z.string(),
    content: z.string(),
    rendered_content: z.string(),
    timestamp: int(),
    user_id: int().nullable(),
    prev_topic: z.string().optional(),
    stream: int().optional(),
    prev_stream: int().optional(),
    prev_content: z.string().optional(),
    prev_rendered_content: z.string().optional(),
    content_html_diff: z.string().optional(),
  }),
);
export type EditHistorySnapshot = Infer<typeof editHistorySnapshotSchema>;

/** Spec 2.5. */
export const detachedUploadSchema = lazy(() =>
  z.looseObject({
    id: int(),
    name: z.string(),
    path_id: z.string(),
    size: int(),
    create_time: z.number(),
    messages: z.array(z.looseObject({ id: int(), date_sent: z.number() })),
  }),
);
export type DetachedUpload = Infer<typeof detachedUploadSchema>;

// ---- Channels ---------------------------------------------------------------------------------

/** Spec 2.2. */
export const channelSchema = lazy(() =>
  z.looseObject({
    stream_id: int(),
    name: z.string(),
    is_archived: z.boolean().optional(),
    description: z.string().optional(),
    rendered_description: z.string().optional(),
    date_created: int().optional(),
    creator_id: int().nullable().optional(),
    invite_only: z.boolean().optional(),
    is_web_public: z.boolean().optional(),
    stream_post_policy: int().optional(),
    is_announcement_only: z.boolean().optional(),
    message_retention_days: int().nullable().optional(),
    history_public_to_subscribers: z.boolean().optional(),
    first_message_id: int().nullable().optional(),
    is_recently_active: z.boolean().optional(),
    ...channelPermissionsShape(),
    stream_weekly_traffic: int().nullable().optional(),
    /** From feature level 394: how many people are subscribed. */
    subscriber_count: int().optional(),
    is_default: z.boolean().optional(),
  }),
);
export type Channel = Infer<typeof channelSchema>;
/** The spec's other word for a channel. */
export type Stream = Channel;

/** Spec 2.3. */
export const topicSchema = lazy(() => z.looseObject({ name: z.string(), max_id: int() }));
export type Topic = Infer<typeof topicSchema>;

/** A channel as the user's subscription (spec part 6 lists its fields). */
export const subscriptionSchema = lazy(() =>
  channelSchema().extend({
    subscribers: z.array(int()).optional(),
    partial_subscribers: z.array(int()).optional(),
    desktop_notifications: z.boolean().nullable().optional(),
    email_notifications: z.boolean().nullable().optional(),
    wildcard_mentions_notify: z.boolean().nullable().optional(),
    push_notifications: z.boolean().nullable().optional(),
    audible_notifications: z.boolean().nullable().optional(),
    pin_to_top: z.boolean().optional(),
    is_muted: z.boolean().optional(),
    in_home_view: z.boolean().optional(),
    color: z.string().optional(),
    email_address: z.string().optional(),
  }),
);
export type Subscription = Infer<typeof subscriptionSchema>;

/** The channel properties a subscription `update` event or request may change. */
export const subscriptionPropertySchema = lazy(() =>
  z.enum([
    'color',
    'is_muted',
    'in_home_view',
    'pin_to_top',
    'desktop_notifications',
    'audible_notifications',
    'push_notifications',
    'email_notifications',
    'wildcard_mentions_notify',
  ]),
);

export const userTopicSchema = lazy(() =>
  z.looseObject({
    stream_id: int(),
    topic_name: z.string(),
    last_updated: int().optional(),
    visibility_policy: int(),
  }),
);
export type UserTopic = Infer<typeof userTopicSchema>;

// ---- Users and groups -------------------------------------------------------------------------

/** Roles as integers (spec 4.10). */
export { Role, UserTopicVisibility, type RoleValue };

export const userSchema = lazy(() =>
  z.looseObject({
    user_id: int(),
    email: z.string(),
    full_name: z.string(),
    delivery_email: z.string().nullable().optional(),
    avatar_url: z.string().nullable().optional(),
    avatar_version: int().optional(),
    is_admin: z.boolean().optional(),
    is_owner: z.boolean().optional(),
    is_guest: z.boolean().optional(),
    is_billing_admin: z.boolean().optional(),
    is_bot: z.boolean().optional(),
    is_active: z.boolean().optional(),
    role: int().optional(),
    bot_type: int().nullable().optional(),
    bot_owner_id: int().nullable().optional(),
    timezone: z.string().optional(),
    date_joined: z.string().optional(),
    is_imported_stub: z.boolean().optional(),
    profile_data: z
      .record(
        z.string(),
        z.looseObject({ value: z.string().nullable(), rendered_value: z.string().optional() }),
      )
      .optional(),
  }),
);
export type User = Infer<typeof userSchema>;

/**
 * An entry of POST /register's `realm_bots` (the user's own bots, or all for administrators). The
 * server sends each one's `api_key` too; the main process strips it before the renderer sees it.
 */
export const realmBotSchema = lazy(() =>
  z.looseObject({
    user_id: int(),
    email: z.string(),
    full_name: z.string(),
    owner_id: int().nullable().optional(),
    is_active: z.boolean().optional(),
  }),
);
export type RealmBot = Infer<typeof realmBotSchema>;

/** Spec 2.7 and 4.14. */
export const userGroupSchema = lazy(() =>
  z.looseObject({
    id: int(),
    name: z.string(),
    description: z.string(),
    members: z.array(int()).optional(),
    direct_subgroup_ids: z.array(int()).optional(),
    is_system_group: z.boolean().optional(),
    deactivated: z.boolean().optional(),
    date_created: int().nullable().optional(),
    creator_id: int().nullable().optional(),
    ...userGroupPermissionsShape(),
  }),
);
export type UserGroup = Infer<typeof userGroupSchema>;

/** Spec 2.7: a user's status. Every field may be absent (absent = unchanged in events). */
export const userStatusSchema = lazy(() =>
  z.looseObject({
    status_text: z.string().optional(),
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: receivedReactionType().optional(),
    away: z.boolean().optional(),
  }),
);
export type UserStatus = Infer<typeof userStatusSchema>;
/** Spec 2.7's name for a user's status. */
export type Status = UserStatus;

// ---- Drafts, snippets, realm content ----------------------------------------------------------

/** Spec 2.6, as sent on create or edit (no `id`). */
export const draftInputSchema = lazy(() =>
  z.object({
    type: z.enum(['', 'stream', 'private']),
    to: z.array(int()),
    /** Must not contain null bytes; the server enforces it. */
    topic: z.string(),
    content: z.string(),
    timestamp: int().optional(),
  }),
);
export type DraftInput = Infer<typeof draftInputSchema>;

/** Spec 2.6, as the server returns it. */
export const draftSchema = lazy(() =>
  z.looseObject({
    id: int(),
    type: z.string(),
    to: z.array(int()),
    topic: z.string(),
    content: z.string(),
    timestamp: z.number().optional(),
  }),
);
export type Draft = Infer<typeof draftSchema>;

/** Spec 2.7. `saved_snippet_id` is the create response's name for `id`. */
export const savedSnippetSchema = lazy(() =>
  z.looseObject({
    id: int(),
    title: z.string(),
    content: z.string(),
    date_created: int().optional(),
  }),
);
export type SavedSnippet = Infer<typeof savedSnippetSchema>;

/** A user the account muted (the real service's `muted_users`: register and the event); `timestamp` in UNIX seconds. */
export const mutedUserSchema = lazy(() => z.looseObject({ id: int(), timestamp: int().optional() }));
export type MutedUser = Infer<typeof mutedUserSchema>;

/** Spec 2.7. `url_template` replaced `url_format` at level 176; either may be present. */
export const linkifierSchema = lazy(() =>
  z.looseObject({
    id: int(),
    pattern: z.string(),
    url_template: z.string().optional(),
    url_format: z.string().optional(),
  }),
);
export type Linkifier = Infer<typeof linkifierSchema>;

export const realmEmojiSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    source_url: z.string(),
    still_url: z.string().nullable().optional(),
    deactivated: z.boolean().optional(),
    author_id: int().nullable().optional(),
  }),
);
export type RealmEmoji = Infer<typeof realmEmojiSchema>;
/** Custom emoji keyed by ID. */
export const realmEmojiMapSchema = lazy(() => z.record(z.string(), realmEmojiSchema()));

export const invitationSchema = lazy(() =>
  z.looseObject({
    id: int(),
    invited_by_user_id: int().optional(),
    invited: int().optional(),
    expiry_date: int().nullable().optional(),
    invited_as: int().optional(),
    email: z.string().optional(),
    notify_referrer_on_join: z.boolean().optional(),
    link_url: z.string().optional(),
    is_multiuse: z.boolean().optional(),
  }),
);
export type Invitation = Infer<typeof invitationSchema>;

export const attachmentSchema = detachedUploadSchema;
export type Attachment = DetachedUpload;

export const scheduledMessageSchema = lazy(() =>
  z.looseObject({
    scheduled_message_id: int(),
    type: z.string(),
    to: z.union([int(), z.array(int())]),
    topic: z.string().optional(),
    content: z.string(),
    rendered_content: z.string().optional(),
    scheduled_delivery_timestamp: int(),
    failed: z.boolean().optional(),
  }),
);
export type ScheduledMessage = Infer<typeof scheduledMessageSchema>;

/** A tolerant record of user settings (spec 4.6 lists the known ones; see settings-table.ts). */
export const userSettingsRecordSchema = lazy(() => z.record(z.string(), z.unknown()));
export type UserSettingsRecord = Infer<typeof userSettingsRecordSchema>;
/** The user's settings as POST /register sends them (`user_settings`); see settings-table.ts for the known ones. */
export type UserSettings = UserSettingsRecord;
