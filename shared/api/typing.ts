import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { FeatureLevel, NO_TOPIC, requireLevel } from './compat';
import { defineEndpoint, emptySuccess, type WireContext } from './endpoint';

const int = lazy(() => z.number().int());

export const typingOpSchema = lazy(() => z.enum(['start', 'stop']));

/**
 * Spec 4.4, modern form: `direct` with `to`, or `channel` (alias `stream`) with `stream_id` and
 * `topic`. Which fields each type needs is the server's rule ("Missing channel ID"), not checked here.
 */
export const setTypingStatusParamsSchema = lazy(() =>
  z.object({
    type: z.enum(['direct', 'channel', 'stream']).optional(),
    op: typingOpSchema(),
    to: z.array(int()).optional(),
    stream_id: int().optional(),
    topic: z.string().optional(),
  }),
);
export type SetTypingStatusParams = Infer<typeof setTypingStatusParamsSchema>;

function channelTypingForWire(params: SetTypingStatusParams, ctx: WireContext): Record<string, unknown> {
  const level = ctx.featureLevel;
  // Channel typing does not exist before 58; sending it would be read as typing to user IDs.
  requireLevel(ctx, FeatureLevel.channelTyping, 'setTypingStatus', 'typing in a channel');
  let topic = params.topic;
  // The empty topic is `(no topic)` before 334; from 372 either spelling works.
  if (topic === '' && level < FeatureLevel.emptyTopicName) topic = NO_TOPIC;
  const type = level >= FeatureLevel.channelType ? 'channel' : 'stream';
  if (level >= FeatureLevel.typingStreamId)
    return { type, op: params.op, stream_id: params.stream_id, topic };
  // 58 to 214: the channel went in `to` as a one-element list.
  const to = params.stream_id === undefined ? undefined : [params.stream_id];
  return { type, op: params.op, to, topic };
}

/** 4.4 POST /typing. */
export const setTypingStatus = defineEndpoint({
  name: 'setTypingStatus',
  method: 'POST',
  path: '/typing',
  disposable: true,
  params: setTypingStatusParamsSchema,
  response: emptySuccess,
  adapt: (params, ctx) => {
    if (params.type === 'channel' || params.type === 'stream') return channelTypingForWire(params, ctx);
    // Direct (the default): `direct` from 174, `private` before; only `to` matters.
    const type = ctx.featureLevel >= FeatureLevel.directType ? 'direct' : 'private';
    return { type, op: params.op, to: params.to };
  },
});
