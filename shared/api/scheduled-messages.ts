import { z } from 'zod';
import { lazy } from './lazy';
import { FeatureLevel, requireLevel, topicForWire } from './compat';
import { defineEndpoint, emptySuccess, successResponse, type WireContext } from './endpoint';
import { messageTypeForWire } from './messages';
import { scheduledMessageSchema } from './resources';

// ---- Scheduled messages (the real service's "Schedule message"; levels 179 and 184) -----------

const int = lazy(() => z.number().int());

const messageType = lazy(() => z.enum(['channel', 'stream', 'direct', 'private']));

/** The parts a scheduled message is made of; `to` is a channel ID, or the recipients' user IDs. */
const scheduledFields = lazy(() => ({
  type: messageType(),
  to: z.union([int(), z.array(int())]),
  topic: z.string().optional(),
  content: z.string(),
  /** UNIX seconds; the server refuses a time that is not in the future. */
  scheduled_delivery_timestamp: int(),
}));

type ScheduledWireFields = { type?: z.infer<ReturnType<typeof messageType>>; topic?: string };

/** The modern `channel`/`direct` and the empty topic, as a server at `ctx` spells them. */
function scheduledForWire<P extends ScheduledWireFields>(
  params: P,
  ctx: WireContext,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  if (params.type !== undefined) out.type = messageTypeForWire(params.type, ctx);
  if (params.topic !== undefined) out.topic = topicForWire(params.topic, ctx);
  return out;
}

export const getScheduledMessages = defineEndpoint({
  name: 'getScheduledMessages',
  method: 'GET',
  path: '/scheduled_messages',
  params: () => z.object({}),
  response: () => successResponse({ scheduled_messages: z.array(scheduledMessageSchema()) }),
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.scheduledMessages, 'getScheduledMessages', 'this endpoint');
    return { ...params };
  },
});

export const createScheduledMessage = defineEndpoint({
  name: 'createScheduledMessage',
  method: 'POST',
  path: '/scheduled_messages',
  params: () => z.object({ ...scheduledFields(), read_by_sender: z.boolean().optional() }),
  response: () => successResponse({ scheduled_message_id: int() }),
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.scheduledMessages, 'createScheduledMessage', 'this endpoint');
    const out = scheduledForWire(params, ctx);
    if (ctx.featureLevel < FeatureLevel.readBySender) delete out.read_by_sender;
    return out;
  },
});

/** Any of the parts; a new `type` needs `to` (and `topic` for a channel), as the server says. */
export const updateScheduledMessage = defineEndpoint({
  name: 'updateScheduledMessage',
  method: 'PATCH',
  path: '/scheduled_messages/{scheduled_message_id}',
  params: () => z.object({ scheduled_message_id: int(), ...z.object(scheduledFields()).partial().shape }),
  response: emptySuccess,
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.editScheduledMessage, 'updateScheduledMessage', 'this endpoint');
    return scheduledForWire(params, ctx);
  },
});

export const deleteScheduledMessage = defineEndpoint({
  name: 'deleteScheduledMessage',
  method: 'DELETE',
  path: '/scheduled_messages/{scheduled_message_id}',
  params: () => z.object({ scheduled_message_id: int() }),
  response: emptySuccess,
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.scheduledMessages, 'deleteScheduledMessage', 'this endpoint');
    return { ...params };
  },
});
