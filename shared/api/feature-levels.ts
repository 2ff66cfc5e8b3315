// Kept apart from compat.ts (which needs endpoint.ts and so zod): the renderer reads these levels,
// and importing them must not bring zod into its first bundle.

/**
 * Feature levels (spec part 9, and the public API changelog where the spec only names a range)
 * at which the wire form of a call changes. Bindings pick the form with these; callers always use
 * the modern parameters.
 */
export const FeatureLevel = {
  /** String anchors (`newest`, `oldest`, `first_unread`) in GET /messages. */
  stringAnchors: 1,
  /** `stream_id` in PATCH /messages/{message_id} (moving between channels). */
  moveBetweenChannels: 1,
  /** `reaction_type` optional for custom emoji (4.17). */
  optionalReactionType: 2,
  /** `send_notification_to_old_thread` / `_new_thread` (4.1). */
  notificationThreadParams: 9,
  /** PATCH /realm/filters/{filter_id} (4.20). */
  updateLinkifier: 57,
  /** Channel typing notifications (4.4). */
  channelTyping: 58,
  /** PATCH /settings/notifications stopped JSON-encoding `notification_sound`, `default_language`. */
  plainStringSettings63: 63,
  /** PATCH /streams and /settings/display stopped JSON-encoding their string parameters. */
  plainStringSettings64: 64,
  /** PATCH /settings/display and /settings/notifications merged into PATCH /settings. */
  mergedSettings: 80,
  /** Server-side drafts (GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}). */
  drafts: 87,
  /** PATCH /realm/user_settings_defaults; `invite_expires_in_days`. */
  realmUserSettingsDefaults: 96,
  inviteExpiresInDays: 96,
  /** `invite_expires_in_days` accepts null (never). */
  inviteNeverExpires: 117,
  /** `invite_expires_in_minutes` replaces `invite_expires_in_days`. */
  inviteExpiresInMinutes: 126,
  /** GET /streams/{stream_id}. */
  getStreamById: 132,
  /** POST /messages/flags/narrow; `include_anchor` in GET /messages. */
  flagsForNarrow: 155,
  includeAnchor: 155,
  /** `can_remove_subscribers_group_id` in PATCH /streams. */
  canRemoveSubscribersGroupId: 161,
  /** `ignored_parameters_unsupported` on every success response. */
  ignoredParametersEverywhere: 167,
  /** POST /user_topics replaces PATCH /users/me/subscriptions/muted_topics. */
  userTopics: 170,
  /** `direct` as message type (4.4, POST /messages); `private` before. */
  directType: 174,
  /** `url_template` replaces `url_format_string` for linkifiers. */
  linkifierUrlTemplate: 176,
  /** PATCH /realm/linkifiers with `ordered_linkifier_ids`. */
  reorderLinkifiers: 202,
  /** `dm`, `dm-including`, `is:dm` narrow operators. */
  dmNarrowOperators: 177,
  /** Integer operands for the `id` narrow operator. */
  integerIdOperand: 194,
  /** `can_remove_subscribers_group_id` renamed `can_remove_subscribers_group`. */
  canRemoveSubscribersGroupRenamed: 197,
  /** `can_mention_group_id` renamed `can_mention_group`. */
  canMentionGroupRenamed: 198,
  /** Typing: `stream_id` parameter; `to` only for direct. */
  typingStreamId: 215,
  /** `visibility_policy` 3 (followed); `web_home_view` naming. */
  followedTopics: 219,
  webHomeViewNames: 219,
  /** `read_by_sender` in POST /messages. */
  readBySender: 236,
  /** GET/POST /scheduled_messages, DELETE by id, the `scheduled_messages` event and register field. */
  scheduledMessages: 179,
  /** PATCH /scheduled_messages/{scheduled_message_id}. */
  editScheduledMessage: 184,
  /** `channel` as message type (4.4, POST /messages). */
  channelType: 248,
  /** `channel` and `channels` narrow operators. */
  channelNarrowOperators: 250,
  /** GET /users/{user_id}/status. */
  getUserStatus: 262,
  /** Saved snippets. */
  savedSnippets: 297,
  /** Group-setting values (ids or anonymous groups) in `{new, old}` form for channel settings. */
  channelGroupSettingObjects: 320,
  /** Empty topic names; `allow_empty_topic_name`. */
  emptyTopicName: 334,
  /** `include_all` replaces `include_all_active`; `include_can_access_content`. */
  includeAll: 356,
  /** PATCH /saved_snippets/{saved_snippet_id}. */
  editSavedSnippet: 368,
  /** `(no topic)` read as the empty topic in POST /typing. */
  typingNoTopicAlias: 372,
  /** `prev_content_sha256` in PATCH /messages/{message_id}. */
  prevContentSha256: 379,
} as const;
