import { UnsupportedFeatureError, type WireContext } from './endpoint';
import type { Narrow, NarrowElement } from './resources';

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

/** The topic older servers use for what newer ones send as the empty string. */
export const NO_TOPIC = '(no topic)';

export function requireLevel(ctx: WireContext, level: number, endpoint: string, detail: string): void {
  if (ctx.featureLevel < level) throw new UnsupportedFeatureError(endpoint, level, detail);
}

/**
 * Spec 1.5: the empty topic exists from level 334. Before that, a message sent with an empty topic
 * landed in `(no topic)`, so that is what the empty topic means on the wire there.
 */
export function topicForWire(topic: string, ctx: WireContext): string {
  return topic === '' && ctx.featureLevel < FeatureLevel.emptyTopicName ? NO_TOPIC : topic;
}

/** A copy of `params` without the named keys. */
export function without<T extends Record<string, unknown>>(
  params: T,
  ...keys: string[]
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const key of keys) delete out[key];
  return out;
}

/** Renames `from` to `to` when present. */
export function renameKey(
  params: Record<string, unknown>,
  from: string,
  to: string,
): Record<string, unknown> {
  if (!(from in params)) return params;
  const { [from]: value, ...rest } = params;
  return { ...rest, [to]: value };
}

const LEGACY_OPERATORS: Record<string, { level: number; legacy: string }> = {
  dm: { level: FeatureLevel.dmNarrowOperators, legacy: 'pm-with' },
  'dm-including': { level: FeatureLevel.dmNarrowOperators, legacy: 'group-pm-with' },
  channel: { level: FeatureLevel.channelNarrowOperators, legacy: 'stream' },
  channels: { level: FeatureLevel.channelNarrowOperators, legacy: 'streams' },
};

function adaptNarrowElement(element: NarrowElement, ctx: WireContext): NarrowElement {
  const level = ctx.featureLevel;
  if (Array.isArray(element)) {
    const [operator, operand] = element;
    const legacy = LEGACY_OPERATORS[operator];
    const op = legacy && level < legacy.level ? legacy.legacy : operator;
    const value =
      operator === 'is' && operand === 'dm' && level < FeatureLevel.dmNarrowOperators ? 'private' : operand;
    return [op, value];
  }
  const legacy = LEGACY_OPERATORS[element.operator];
  const out = { ...element };
  if (legacy && level < legacy.level) out.operator = legacy.legacy;
  if (element.operator === 'is' && element.operand === 'dm' && level < FeatureLevel.dmNarrowOperators)
    out.operand = 'private';
  if (
    element.operator === 'id' &&
    typeof element.operand === 'number' &&
    level < FeatureLevel.integerIdOperand
  )
    out.operand = String(element.operand);
  return out;
}

/** Rewrites modern narrow operators into the names an older server knows. */
export function narrowForWire(narrow: Narrow, ctx: WireContext): Narrow {
  return narrow.map((element) => adaptNarrowElement(element, ctx));
}

/**
 * POST /register takes its narrow only as `[operator, operand]` string pairs (the public register
 * docs). Object elements become pairs; a negated one cannot be expressed there, so it is refused
 * rather than sent meaning its opposite.
 */
export function narrowAsPairs(narrow: Narrow, ctx: WireContext): [string, string][] {
  return narrowForWire(narrow, ctx).map((element) => {
    if (Array.isArray(element)) return [element[0], element[1]];
    if (element.negated)
      throw new Error('register: a negated narrow element cannot be sent as an [operator, operand] pair');
    const operand = Array.isArray(element.operand) ? element.operand.join(',') : String(element.operand);
    return [element.operator, operand];
  });
}
