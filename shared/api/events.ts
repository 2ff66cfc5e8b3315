import { z } from 'zod';
import { lazy, lazyRecord, type Infer } from './lazy';
import { defineEndpoint, emptySuccess, successResponse } from './endpoint';
import {
  attachmentSchema,
  channelSchema,
  draftSchema,
  groupSettingValueSchema,
  linkifierSchema,
  messageSchema,
  mutedUserSchema,
  realmBotSchema,
  realmEmojiMapSchema,
  savedSnippetSchema,
  scheduledMessageSchema,
  subscriptionSchema,
  userGroupPermissionsShape,
  userGroupSchema,
  userSchema,
} from './resources';
import { receivedReactionType } from './spellings';
import { presencesSchema } from './presence';

const int = lazy(() => z.number().int());
/** A setting's value in settings events (spec part 6). */
const settingValue = lazy(() => z.union([z.boolean(), z.number(), z.string(), z.null()]));

/**
 * Builds an event schema: every event has an integer `id` and its `type`; the rest is loose.
 * `op`-carrying types are discriminated unions of one schema per op.
 */
function event<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.looseObject({ id: int(), type: z.literal(type), ...shape });
}
function opEvent<T extends string, O extends string, S extends z.ZodRawShape>(type: T, op: O, shape: S) {
  return z.looseObject({ id: int(), type: z.literal(type), op: z.literal(op), ...shape });
}

const userRef = lazy(() => z.looseObject({ user_id: int(), email: z.string().optional() }));

/**
 * One decoder per known event type (spec part 6 plus the public get-events docs). Adding a type:
 * add its schema builder here (run when that type first arrives); `ChatEvent` and `decodeEvent` follow.
 */
export const eventSchemas = lazyRecord({
  heartbeat: () => event('heartbeat', {}),

  message: () =>
    event('message', {
      message: messageSchema(),
      /** The message's flags for this user; message events carry them beside the message. */
      flags: z.array(z.string()).optional(),
      local_message_id: z.string().optional(),
    }),

  update_message: () =>
    event('update_message', {
      /** Null for updates that only re-render (e.g. link previews). */
      user_id: int().nullable().optional(),
      rendering_only: z.boolean().optional(),
      message_id: int(),
      message_ids: z.array(int()),
      flags: z.array(z.string()).optional(),
      edit_timestamp: int().optional(),
      stream_name: z.string().optional(),
      stream_id: int().optional(),
      new_stream_id: int().optional(),
      propagate_mode: z.enum(['change_one', 'change_later', 'change_all']).optional(),
      orig_subject: z.string().optional(),
      subject: z.string().optional(),
      topic_links: z.array(z.unknown()).optional(),
      orig_content: z.string().optional(),
      orig_rendered_content: z.string().optional(),
      content: z.string().optional(),
      rendered_content: z.string().optional(),
      is_me_message: z.boolean().optional(),
    }),

  delete_message: () =>
    event('delete_message', {
      message_type: z.enum(['stream', 'private']),
      /** With the `bulk_message_deletion` capability; otherwise `message_id`. */
      message_ids: z.array(int()).optional(),
      message_id: int().optional(),
      stream_id: int().optional(),
      topic: z.string().optional(),
    }),

  reaction: () => z.discriminatedUnion('op', [reactionOp('add'), reactionOp('remove')]),

  update_message_flags: () =>
    z.discriminatedUnion('op', [
      opEvent('update_message_flags', 'add', {
        flag: z.string(),
        messages: z.array(int()),
        all: z.boolean().optional(),
      }),
      opEvent('update_message_flags', 'remove', {
        flag: z.string(),
        messages: z.array(int()),
        all: z.boolean().optional(),
        /** Only for `read`: what the client needs to restore the messages as unread. */
        message_details: z
          .record(
            z.string(),
            z.looseObject({
              type: z.enum(['stream', 'private']),
              mentioned: z.boolean().optional(),
              user_ids: z.array(int()).optional(),
              stream_id: int().optional(),
              topic: z.string().optional(),
              unmuted_stream_msg: z.boolean().optional(),
            }),
          )
          .optional(),
      }),
    ]),

  typing: () => z.discriminatedUnion('op', [typingOp('start'), typingOp('stop')]),

  typing_edit_message: () => z.discriminatedUnion('op', [typingEditOp('start'), typingEditOp('stop')]),

  drafts: () =>
    z.discriminatedUnion('op', [
      opEvent('drafts', 'add', { drafts: z.array(draftSchema()) }),
      opEvent('drafts', 'update', { draft: draftSchema() }),
      opEvent('drafts', 'remove', { draft_id: int() }),
    ]),

  saved_snippets: () =>
    z.discriminatedUnion('op', [
      opEvent('saved_snippets', 'add', { saved_snippet: savedSnippetSchema() }),
      opEvent('saved_snippets', 'update', { saved_snippet: savedSnippetSchema() }),
      opEvent('saved_snippets', 'remove', { saved_snippet_id: int() }),
    ]),

  user_group: () =>
    z.discriminatedUnion('op', [
      opEvent('user_group', 'add', { group: userGroupSchema() }),
      opEvent('user_group', 'update', {
        group_id: int(),
        data: z.looseObject({
          name: z.string().optional(),
          description: z.string().optional(),
          deactivated: z.boolean().optional(),
          ...userGroupPermissionsShape(),
        }),
      }),
      opEvent('user_group', 'remove', { group_id: int() }),
      opEvent('user_group', 'add_members', { group_id: int(), user_ids: z.array(int()) }),
      opEvent('user_group', 'remove_members', { group_id: int(), user_ids: z.array(int()) }),
      opEvent('user_group', 'add_subgroups', { group_id: int(), direct_subgroup_ids: z.array(int()) }),
      opEvent('user_group', 'remove_subgroups', { group_id: int(), direct_subgroup_ids: z.array(int()) }),
    ]),

  realm_linkifiers: () => event('realm_linkifiers', { realm_linkifiers: z.array(linkifierSchema()) }),

  realm_emoji: () => opEvent('realm_emoji', 'update', { realm_emoji: realmEmojiMapSchema() }),

  realm_user: () =>
    z.discriminatedUnion('op', [
      opEvent('realm_user', 'add', { person: userSchema() }),
      /** Spec part 6: `person` carries `user_id` plus only the fields that changed. */
      opEvent('realm_user', 'update', {
        person: z.looseObject({
          user_id: int(),
          full_name: z.string().optional(),
          avatar_url: z.string().nullable().optional(),
          avatar_source: z.string().optional(),
          avatar_url_medium: z.string().optional(),
          avatar_version: int().optional(),
          email: z.string().optional(),
          timezone: z.string().optional(),
          delivery_email: z.string().nullable().optional(),
          new_email: z.string().optional(),
          role: int().optional(),
          is_billing_admin: z.boolean().optional(),
          bot_owner_id: int().nullable().optional(),
          is_active: z.boolean().optional(),
          custom_profile_field: z
            .looseObject({
              id: int(),
              value: z.string().nullable(),
              rendered_value: z.string().optional(),
            })
            .optional(),
        }),
      }),
      opEvent('realm_user', 'remove', {
        person: z.looseObject({ user_id: int(), full_name: z.string().optional() }),
      }),
    ]),

  user_settings: () =>
    opEvent('user_settings', 'update', {
      property: z.string(),
      value: settingValue(),
      language_name: z.string().optional(),
    }),

  update_display_settings: () =>
    event('update_display_settings', {
      user: z.string().optional(),
      setting_name: z.string(),
      setting: settingValue(),
      language_name: z.string().optional(),
    }),

  update_global_notifications: () =>
    event('update_global_notifications', {
      user: z.string().optional(),
      notification_name: z.string(),
      setting: settingValue(),
    }),

  realm_user_settings_defaults: () =>
    opEvent('realm_user_settings_defaults', 'update', {
      property: z.string(),
      value: settingValue(),
    }),

  subscription: () =>
    z.discriminatedUnion('op', [
      opEvent('subscription', 'add', { subscriptions: z.array(subscriptionSchema()) }),
      opEvent('subscription', 'remove', {
        subscriptions: z.array(z.looseObject({ stream_id: int(), name: z.string().optional() })),
      }),
      opEvent('subscription', 'update', {
        stream_id: int(),
        property: z.string(),
        value: settingValue(),
      }),
      opEvent('subscription', 'peer_add', { stream_ids: z.array(int()), user_ids: z.array(int()) }),
      opEvent('subscription', 'peer_remove', { stream_ids: z.array(int()), user_ids: z.array(int()) }),
    ]),

  stream: () =>
    z.discriminatedUnion('op', [
      opEvent('stream', 'create', { streams: z.array(channelSchema()) }),
      opEvent('stream', 'delete', {
        streams: z.array(z.looseObject({ stream_id: int() })).optional(),
        stream_ids: z.array(int()).optional(),
      }),
      opEvent('stream', 'update', {
        stream_id: int(),
        name: z.string().optional(),
        property: z.string(),
        /** A group-setting value for the `can_*_group` properties. */
        value: z.union([settingValue(), groupSettingValueSchema()]),
        rendered_description: z.string().optional(),
        history_public_to_subscribers: z.boolean().optional(),
        is_web_public: z.boolean().optional(),
      }),
    ]),

  /**
   * Someone came online or became active. Clients with `simplified_presence_events` get `presences`
   * (the modern form); others one user's `presence`, per client.
   */
  presence: () =>
    event('presence', {
      presences: presencesSchema().optional(),
      user_id: int().optional(),
      email: z.string().optional(),
      server_timestamp: z.number().optional(),
      /** The older form: per client of `user_id`, its status and when it was reported. */
      presence: z
        .record(
          z.string(),
          z.looseObject({ status: z.string().optional(), timestamp: z.number().optional() }),
        )
        .optional(),
    }),

  user_status: () =>
    event('user_status', {
      user_id: int(),
      away: z.boolean().optional(),
      status_text: z.string().optional(),
      emoji_name: z.string().optional(),
      emoji_code: z.string().optional(),
      reaction_type: receivedReactionType().optional(),
    }),

  user_topic: () =>
    event('user_topic', {
      stream_id: int(),
      topic_name: z.string(),
      last_updated: int().optional(),
      visibility_policy: int(),
    }),

  realm: () =>
    z.discriminatedUnion('op', [
      opEvent('realm', 'update', {
        property: z.string(),
        value: z.union([settingValue(), groupSettingValueSchema()]),
        extra_data: z.record(z.string(), z.unknown()).optional(),
      }),
      /** Spec part 6: `data` carries realm settings by name (without the `realm_` prefix). */
      opEvent('realm', 'update_dict', { property: z.string(), data: z.record(z.string(), z.unknown()) }),
      opEvent('realm', 'deactivated', { realm_id: int().optional() }),
    ]),

  alert_words: () => event('alert_words', { alert_words: z.array(z.string()) }),

  /** The real service's: the account's whole list of muted users, after each mute or unmute. */
  muted_users: () => event('muted_users', { muted_users: z.array(mutedUserSchema()) }),

  attachment: () =>
    z.discriminatedUnion('op', [
      opEvent('attachment', 'add', { attachment: attachmentSchema(), upload_space_used: int().optional() }),
      opEvent('attachment', 'update', {
        attachment: attachmentSchema(),
        upload_space_used: int().optional(),
      }),
      opEvent('attachment', 'remove', {
        attachment: z.looseObject({ id: int() }),
        upload_space_used: int().optional(),
      }),
    ]),

  realm_bot: () =>
    z.discriminatedUnion('op', [
      opEvent('realm_bot', 'add', { bot: realmBotSchema() }),
      opEvent('realm_bot', 'update', { bot: z.looseObject({ user_id: int() }) }),
      opEvent('realm_bot', 'remove', { bot: z.looseObject({ user_id: int() }) }),
      opEvent('realm_bot', 'delete', { bot: z.looseObject({ user_id: int() }) }),
    ]),

  realm_domains: () =>
    z.discriminatedUnion('op', [
      opEvent('realm_domains', 'add', {
        realm_domain: z.looseObject({ domain: z.string(), allow_subdomains: z.boolean() }),
      }),
      opEvent('realm_domains', 'change', {
        realm_domain: z.looseObject({ domain: z.string(), allow_subdomains: z.boolean() }),
      }),
      opEvent('realm_domains', 'remove', { domain: z.string() }),
    ]),

  /** Sent to inviters and administrators when the set of invitations changes; refetch GET /invites. */
  invites_changed: () => event('invites_changed', {}),

  scheduled_messages: () =>
    z.discriminatedUnion('op', [
      opEvent('scheduled_messages', 'add', { scheduled_messages: z.array(scheduledMessageSchema()) }),
      opEvent('scheduled_messages', 'update', { scheduled_message: scheduledMessageSchema() }),
      opEvent('scheduled_messages', 'remove', { scheduled_message_id: int() }),
    ]),
});

function reactionOp<O extends 'add' | 'remove'>(op: O) {
  return opEvent('reaction', op, {
    message_id: int(),
    emoji_name: z.string(),
    emoji_code: z.string(),
    reaction_type: receivedReactionType(),
    user_id: int(),
  });
}

function typingOp<O extends 'start' | 'stop'>(op: O) {
  return opEvent('typing', op, {
    /** `direct` (`private` before level 248) or `stream`. */
    message_type: z.enum(['direct', 'private', 'stream', 'channel']),
    sender: userRef(),
    /** Direct messages only: everyone in the conversation, the sender included. */
    recipients: z.array(userRef()).optional(),
    stream_id: int().optional(),
    topic: z.string().optional(),
  });
}

function typingEditOp<O extends 'start' | 'stop'>(op: O) {
  return opEvent('typing_edit_message', op, {
    sender_id: int(),
    message_id: int(),
    recipient: z.looseObject({
      type: z.enum(['channel', 'direct']),
      channel_id: int().optional(),
      topic: z.string().optional(),
      user_ids: z.array(int()).optional(),
    }),
  });
}

export type KnownEventType = keyof typeof eventSchemas;
type Decoded<K extends KnownEventType> = z.infer<(typeof eventSchemas)[K]>;
type WithKind<T> = T extends unknown ? T & { kind: 'known' } : never;

/** An event whose type this client knows and whose body decoded. Switch on `type`, then `op`. */
export type KnownEvent = { [K in KnownEventType]: WithKind<Decoded<K>> }[KnownEventType];
/** The known event of one type, e.g. `EventOf<'message'>`. */
export type EventOf<K extends KnownEventType> = WithKind<Decoded<K>>;

/** An event of a type this client does not know, or a known type whose body did not decode. */
export interface UnknownEvent {
  kind: 'unknown';
  id: number;
  type: string;
  raw: unknown;
}

/**
 * Spec part 6. Check `kind` first; `kind: 'known'` narrows to a union over `type` (and `op`).
 * Unknown events are kept (they still advance `last_event_id`) but carry no meaning.
 */
export type ChatEvent = KnownEvent | UnknownEvent;

export const unknownEventSchema = lazy(() => z.looseObject({ id: int(), type: z.string() }));

function isKnownType(type: string): type is KnownEventType {
  return Object.prototype.hasOwnProperty.call(eventSchemas, type);
}

/** Decodes one raw event. Never throws: anything undecodable becomes an `UnknownEvent`. */
export function decodeEvent(raw: unknown): ChatEvent {
  const head = unknownEventSchema().safeParse(raw);
  if (!head.success) {
    const rec = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const id = typeof rec.id === 'number' ? rec.id : -1;
    const type = typeof rec.type === 'string' ? rec.type : '';
    return { kind: 'unknown', id, type, raw };
  }
  const { id, type } = head.data;
  if (!isKnownType(type)) return { kind: 'unknown', id, type, raw };
  const body = (eventSchemas[type] as z.ZodType).safeParse(raw);
  if (!body.success) return { kind: 'unknown', id, type, raw };
  return { ...(body.data as object), kind: 'known' } as KnownEvent;
}

export { settingChangeOf, type SettingChange } from './setting-change';

/** Decodes a batch; one bad event never hides the others. */
export function decodeEvents(raw: readonly unknown[]): ChatEvent[] {
  return raw.map(decodeEvent);
}

// ---- Bindings (spec 4.5) ----------------------------------------------------------------------

export const getEventsParamsSchema = lazy(() =>
  z.object({
    queue_id: z.string(),
    last_event_id: int().optional(),
    dont_block: z.boolean().optional(),
  }),
);

/**
 * The events stay raw here so that one undecodable event cannot fail the whole batch; run
 * `decodeEvents` on them.
 */
export const getEventsResponseSchema = lazy(() =>
  successResponse({
    events: z.array(unknownEventSchema()),
    queue_id: z.string().optional(),
  }),
);
export type GetEventsResponse = Infer<typeof getEventsResponseSchema>;

/** GET /events: long-polls the queue. Main process only. */
export const getEvents = defineEndpoint({
  name: 'getEvents',
  method: 'GET',
  path: '/events',
  params: getEventsParamsSchema,
  response: getEventsResponseSchema,
});

/** DELETE /events: deletes the queue. Main process only. */
export const deleteQueue = defineEndpoint({
  name: 'deleteQueue',
  method: 'DELETE',
  path: '/events',
  params: () => z.object({ queue_id: z.string() }),
  response: emptySuccess,
});
