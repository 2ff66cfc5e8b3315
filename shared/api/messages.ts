import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { FeatureLevel, narrowForWire, requireLevel, topicForWire, without } from './compat';
import { defineEndpoint, emptySuccess, successResponse, type WireContext } from './endpoint';
import { withAvatarUrls } from './avatars';
import {
  detachedUploadSchema,
  editHistorySnapshotSchema,
  messageSchema,
  narrowSchema,
  reactionTypeSchema,
} from './resources';
import { extraEmojiByName } from './spellings';

const int = lazy(() => z.number().int());

/** A message ID, or one of the named anchors (spec 4.13). */
export const anchorSchema = lazy(() =>
  z.union([
    int().nonnegative(),
    z.enum(['newest', 'oldest', 'first_unread']),
    /** A message ID already written as text, as the spec words it. */
    z.string().regex(/^\d+$/),
  ]),
);
export type Anchor = Infer<typeof anchorSchema>;

/** Before level 1, anchors were numbers only; these are the numbers that meant the same. */
const LEGACY_NEWEST_ANCHOR = 10_000_000_000_000_000;

function anchorForWire(anchor: Anchor, ctx: WireContext): Record<string, unknown> {
  if (ctx.featureLevel >= FeatureLevel.stringAnchors || typeof anchor === 'number' || /^\d+$/.test(anchor))
    return { anchor };
  if (anchor === 'newest') return { anchor: LEGACY_NEWEST_ANCHOR };
  if (anchor === 'oldest') return { anchor: 0 };
  return { anchor: 0, use_first_unread_anchor: true };
}

/** Drops `allow_empty_topic_name` where the server predates empty topics (it would only be ignored). */
function withoutEmptyTopicFlag<P extends Record<string, unknown>>(params: P, ctx: WireContext) {
  return ctx.featureLevel < FeatureLevel.emptyTopicName
    ? without(params, 'allow_empty_topic_name')
    : { ...params };
}

// ---- GET /messages ----------------------------------------------------------------------------

export const getMessagesParamsSchema = lazy(() =>
  z.object({
    anchor: anchorSchema(),
    num_before: int().nonnegative(),
    num_after: int().nonnegative(),
    narrow: narrowSchema().optional(),
    include_anchor: z.boolean().optional(),
    apply_markdown: z.boolean().optional(),
    client_gravatar: z.boolean().optional(),
    allow_empty_topic_name: z.boolean().optional(),
  }),
);
export type GetMessagesParams = Infer<typeof getMessagesParamsSchema>;

export const getMessagesResponseSchema = lazy(() =>
  successResponse({
    messages: z.array(messageSchema()),
    /** For `newest` servers answer with a sentinel above the safe-integer range, so no int check. */
    anchor: z.number().optional(),
    found_anchor: z.boolean().optional(),
    found_oldest: z.boolean().optional(),
    found_newest: z.boolean().optional(),
    history_limited: z.boolean().optional(),
  }),
);
export type GetMessagesResponse = Infer<typeof getMessagesResponseSchema>;

export const getMessages = defineEndpoint({
  name: 'getMessages',
  method: 'GET',
  path: '/messages',
  params: getMessagesParamsSchema,
  response: getMessagesResponseSchema,
  adapt: (params, ctx) => {
    let out = withAvatarUrls(withoutEmptyTopicFlag(params, ctx));
    // Before 155 the anchor was always included; the caller de-duplicates by message ID.
    if (ctx.featureLevel < FeatureLevel.includeAnchor) out = without(out, 'include_anchor');
    if (params.narrow) out.narrow = narrowForWire(params.narrow, ctx);
    return { ...out, ...anchorForWire(params.anchor, ctx) };
  },
});

// ---- POST /messages ---------------------------------------------------------------------------

export const sendMessageParamsSchema = lazy(() =>
  z.object({
    /** `channel` and `direct` are the modern names; the binding maps them for older servers. */
    type: z.enum(['channel', 'stream', 'direct', 'private']),
    /** Channel ID (or name) for channel messages; user IDs (or emails) for direct messages. */
    to: z.union([int(), z.string(), z.array(int()), z.array(z.string())]),
    topic: z.string().optional(),
    content: z.string(),
    queue_id: z.string().optional(),
    local_id: z.string().optional(),
    read_by_sender: z.boolean().optional(),
  }),
);
export type SendMessageParams = Infer<typeof sendMessageParamsSchema>;

export const sendMessageResponseSchema = lazy(() =>
  successResponse({
    id: int(),
    automatic_new_visibility_policy: int().optional(),
  }),
);

export function messageTypeForWire(type: SendMessageParams['type'], ctx: WireContext): string {
  if (type === 'channel' && ctx.featureLevel < FeatureLevel.channelType) return 'stream';
  if (type === 'direct' && ctx.featureLevel < FeatureLevel.directType) return 'private';
  return type;
}

export const sendMessage = defineEndpoint({
  name: 'sendMessage',
  method: 'POST',
  path: '/messages',
  params: sendMessageParamsSchema,
  response: sendMessageResponseSchema,
  adapt: (params, ctx) => {
    const out: Record<string, unknown> = { ...params, type: messageTypeForWire(params.type, ctx) };
    if (params.topic !== undefined) out.topic = topicForWire(params.topic, ctx);
    if (ctx.featureLevel < FeatureLevel.readBySender) delete out.read_by_sender;
    return out;
  },
});

// ---- 4.1 PATCH /messages/{message_id} ---------------------------------------------------------

export const propagateModeSchema = lazy(() => z.enum(['change_one', 'change_later', 'change_all']));
export type PropagateMode = Infer<typeof propagateModeSchema>;

export const updateMessageParamsSchema = lazy(() =>
  z.object({
    message_id: int(),
    topic: z.string().optional(),
    propagate_mode: propagateModeSchema().optional(),
    send_notification_to_old_thread: z.boolean().optional(),
    send_notification_to_new_thread: z.boolean().optional(),
    content: z.string().optional(),
    stream_id: int().optional(),
    /** Guards against editing over someone else's edit (level 379); dropped on older servers. */
    prev_content_sha256: z.string().optional(),
  }),
);
export type UpdateMessageParams = Infer<typeof updateMessageParamsSchema>;

export const updateMessageResponseSchema = lazy(() =>
  successResponse({
    /** Spec 4.1 rule 7 (level 285); absent on older servers. */
    detached_uploads: z.array(detachedUploadSchema()).optional(),
  }),
);
export type UpdateMessageResponse = Infer<typeof updateMessageResponseSchema>;

export const updateMessage = defineEndpoint({
  name: 'updateMessage',
  method: 'PATCH',
  path: '/messages/{message_id}',
  params: updateMessageParamsSchema,
  response: updateMessageResponseSchema,
  adapt: (params, ctx) => {
    if (params.stream_id !== undefined)
      requireLevel(ctx, FeatureLevel.moveBetweenChannels, 'updateMessage', 'moving to another channel');
    const out: Record<string, unknown> = { ...params };
    // The legacy alias `subject` is never needed: `topic` is understood by every server that has
    // a feature level (it was added in 2.0, before levels existed).
    if (params.topic !== undefined) out.topic = topicForWire(params.topic, ctx);
    if (ctx.featureLevel < FeatureLevel.notificationThreadParams) {
      delete out.send_notification_to_old_thread;
      delete out.send_notification_to_new_thread;
    }
    if (ctx.featureLevel < FeatureLevel.prevContentSha256) delete out.prev_content_sha256;
    return out;
  },
});

// ---- DELETE /messages/{message_id}: not in the spec; the real service's, for the message menu ----

export const deleteMessage = defineEndpoint({
  name: 'deleteMessage',
  method: 'DELETE',
  path: '/messages/{message_id}',
  params: () => z.object({ message_id: int() }),
  response: emptySuccess,
});

// ---- POST /streams/{stream_id}/delete_topic: not in the spec; the real service's, for the topic menu ----

export const deleteTopic = defineEndpoint({
  name: 'deleteTopic',
  method: 'POST',
  path: '/streams/{stream_id}/delete_topic',
  params: () => z.object({ stream_id: int(), topic_name: z.string() }),
  // `complete: false`: the server stopped after some batches; the client asks again. Servers before
  // feature level 211 do not say (and a partial deletion was not a success).
  response: () => successResponse({ complete: z.boolean().optional() }),
});

// ---- 4.15 GET /messages/{message_id}/history --------------------------------------------------

export const getMessageHistory = defineEndpoint({
  name: 'getMessageHistory',
  method: 'GET',
  path: '/messages/{message_id}/history',
  params: () => z.object({ message_id: int(), allow_empty_topic_name: z.boolean().optional() }),
  response: () => successResponse({ message_history: z.array(editHistorySnapshotSchema()) }),
  adapt: withoutEmptyTopicFlag,
});

// ---- 4.8 GET /messages/matches_narrow ---------------------------------------------------------

export const matchesNarrowResponseSchema = lazy(() =>
  successResponse({
    messages: z.record(z.string(), z.looseObject({ match_content: z.string(), match_subject: z.string() })),
  }),
);

export const checkMessagesMatchNarrow = defineEndpoint({
  name: 'checkMessagesMatchNarrow',
  method: 'GET',
  path: '/messages/matches_narrow',
  params: () => z.object({ msg_ids: z.array(int()), narrow: narrowSchema() }),
  response: matchesNarrowResponseSchema,
  adapt: (params, ctx) => ({ ...params, narrow: narrowForWire(params.narrow, ctx) }),
});

// ---- Flags ------------------------------------------------------------------------------------

export const flagOpSchema = lazy(() => z.enum(['add', 'remove']));
/** Spec 2.7 names `read` and `starred`; the server may know others. */
export const flagSchema = lazy(() => z.string());

/** POST /messages/flags: flags on listed messages (public API). */
export const updateMessageFlags = defineEndpoint({
  name: 'updateMessageFlags',
  method: 'POST',
  path: '/messages/flags',
  params: () => z.object({ messages: z.array(int()), op: flagOpSchema(), flag: flagSchema() }),
  response: () =>
    successResponse({
      messages: z.array(int()).optional(),
      ignored_because_not_subscribed_channels: z.array(int()).optional(),
    }),
});

export const updateMessageFlagsForNarrowParamsSchema = lazy(() =>
  z.object({
    anchor: anchorSchema(),
    include_anchor: z.boolean().optional(),
    num_before: int().nonnegative(),
    num_after: int().nonnegative(),
    narrow: narrowSchema().optional(),
    op: flagOpSchema(),
    flag: flagSchema(),
  }),
);

export const updateMessageFlagsForNarrowResponseSchema = lazy(() =>
  successResponse({
    processed_count: int(),
    updated_count: int(),
    first_processed_id: int().nullable(),
    last_processed_id: int().nullable(),
    found_oldest: z.boolean(),
    found_newest: z.boolean(),
    ignored_because_not_subscribed_channels: z.array(int()).optional(),
  }),
);
export type UpdateMessageFlagsForNarrowResponse = Infer<typeof updateMessageFlagsForNarrowResponseSchema>;

/** 4.13 POST /messages/flags/narrow. */
export const updateMessageFlagsForNarrow = defineEndpoint({
  name: 'updateMessageFlagsForNarrow',
  method: 'POST',
  path: '/messages/flags/narrow',
  params: updateMessageFlagsForNarrowParamsSchema,
  response: updateMessageFlagsForNarrowResponseSchema,
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.flagsForNarrow, 'updateMessageFlagsForNarrow', 'this endpoint');
    // Always sent: the real service requires `narrow` here, though the spec says it defaults to [].
    return { ...params, narrow: narrowForWire(params.narrow ?? [], ctx) };
  },
});

/** 4.16 POST /mark_topic_as_read (deprecated; prefer updateMessageFlagsForNarrow from level 155). */
export const markTopicAsRead = defineEndpoint({
  name: 'markTopicAsRead',
  method: 'POST',
  path: '/mark_topic_as_read',
  params: () => z.object({ stream_id: int(), topic_name: z.string() }),
  response: emptySuccess,
  adapt: (params, ctx) => ({ ...params, topic_name: topicForWire(params.topic_name, ctx) }),
});

// ---- Reactions --------------------------------------------------------------------------------

export const reactionParamsSchema = lazy(() =>
  z.object({
    message_id: int(),
    emoji_name: z.string(),
    emoji_code: z.string().optional(),
    /** Optional from level 2; older servers assume `unicode_emoji` when absent. */
    reaction_type: reactionTypeSchema().optional(),
  }),
);
export type ReactionParams = Infer<typeof reactionParamsSchema>;

/** 4.17 POST /messages/{message_id}/reactions. */
export const addReaction = defineEndpoint({
  name: 'addReaction',
  method: 'POST',
  path: '/messages/{message_id}/reactions',
  params: reactionParamsSchema,
  response: emptySuccess,
  adapt: extraEmojiByName,
});

/** DELETE /messages/{message_id}/reactions (public API). */
export const removeReaction = defineEndpoint({
  name: 'removeReaction',
  method: 'DELETE',
  path: '/messages/{message_id}/reactions',
  params: reactionParamsSchema,
  response: emptySuccess,
  adapt: extraEmojiByName,
});
