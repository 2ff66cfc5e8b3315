import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { RouteContext } from '../http/context';
import { badEventQueueId } from '../events/manager';
import type { ClientCapabilities, EventQueue } from '../events/queue';
import { initialState } from '../events/initial-state';
import { compileNarrow, parseNarrow, type NarrowTerm } from '../realm/narrow';

function stringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw badRequest(`${name} is not a list`);
  return value;
}

function capabilities(value: unknown, name: string): Partial<ClientCapabilities> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${name} is not a dict`);
  return value as Partial<ClientCapabilities>;
}

/** Parameters of POST /register (also accepted by GET /events without `queue_id`, spec 4.5). */
const registerParams = {
  apply_markdown: p.bool().default(false),
  client_gravatar: p.bool().default(false),
  include_subscribers: p
    .json((v, name) => {
      if (v === true || v === false || v === 'partial') return v;
      throw badRequest(`${name} is not a boolean`);
    })
    .default(false),
  slim_presence: p.bool().default(false),
  presence_history_limit_days: p.int(),
  event_types: p.json(stringList),
  fetch_event_types: p.json(stringList),
  all_public_streams: p.bool().default(false),
  client_capabilities: p.json(capabilities).default({}),
  narrow: p.json((v) => parseNarrow(v)).default([]),
};

function resolveCapabilities(c: Partial<ClientCapabilities>): ClientCapabilities {
  const flag = (k: keyof ClientCapabilities) => c[k] === true;
  return {
    notification_settings_null: flag('notification_settings_null'),
    bulk_message_deletion: flag('bulk_message_deletion'),
    user_avatar_url_field_optional: flag('user_avatar_url_field_optional'),
    stream_typing_notifications: flag('stream_typing_notifications'),
    user_settings_object: flag('user_settings_object'),
    linkifier_url_template: flag('linkifier_url_template'),
    user_list_incomplete: flag('user_list_incomplete'),
    include_deactivated_groups: flag('include_deactivated_groups'),
    archived_channels: flag('archived_channels'),
    empty_topic_name: flag('empty_topic_name'),
    simplified_presence_events: flag('simplified_presence_events'),
  };
}

type RegisterValues = {
  apply_markdown: boolean;
  client_gravatar: boolean;
  include_subscribers: boolean | 'partial';
  event_types: string[] | undefined;
  fetch_event_types: string[] | undefined;
  all_public_streams: boolean;
  client_capabilities: Partial<ClientCapabilities>;
  narrow: NarrowTerm[];
};

function registerQueue(ctx: RouteContext, params: RegisterValues): EventQueue {
  compileNarrow(ctx.realm, ctx.user, params.narrow);
  return ctx.server.events.register({
    userId: ctx.user.user_id,
    eventTypes: params.event_types ? new Set(params.event_types) : null,
    capabilities: resolveCapabilities(params.client_capabilities),
    applyMarkdown: params.apply_markdown,
    clientGravatar: params.client_gravatar,
    allPublicStreams: params.all_public_streams,
    includeSubscribers: params.include_subscribers !== false,
    narrow: params.narrow,
  });
}

export const eventRoutes = [
  route({
    method: 'POST',
    path: '/register',
    changesState: false,
    params: registerParams,
    handler: (ctx, params) => {
      const queue = registerQueue(ctx, params);
      const fetchTypes = params.fetch_event_types ?? params.event_types;
      const state = initialState(ctx.realm, ctx.user, ctx.server.timings, {
        fetchEventTypes: fetchTypes ? new Set(fetchTypes) : null,
        includeSubscribers: params.include_subscribers !== false,
        capabilities: queue.options.capabilities,
        allowEmptyTopic: queue.options.capabilities.empty_topic_name,
        slimPresence: params.slim_presence,
        ...(params.presence_history_limit_days !== undefined
          ? { presenceHistoryLimitDays: params.presence_history_limit_days }
          : {}),
      });
      return { queue_id: queue.id, last_event_id: queue.lastEventId, ...state };
    },
  }),
  route({
    method: 'GET',
    path: '/events',
    params: {
      queue_id: p.string(),
      last_event_id: p.int(),
      dont_block: p.bool().default(false),
      ...registerParams,
    },
    handler: async (ctx, params) => {
      const queue =
        params.queue_id === undefined
          ? registerQueue(ctx, params)
          : ctx.server.events.get(params.queue_id, ctx.user.user_id);
      const events = await ctx.server.events.getEvents(queue, params.last_event_id, params.dont_block);
      return { events, queue_id: queue.id };
    },
  }),
  route({
    method: 'DELETE',
    path: '/events',
    changesState: false,
    params: { queue_id: p.string().required() },
    handler: (ctx, params) => {
      if (params.queue_id === '') throw badEventQueueId('');
      ctx.server.events.delete(params.queue_id, ctx.user.user_id);
      return {};
    },
  }),
];
