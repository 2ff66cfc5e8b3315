import { z } from 'zod';
import { successResponse } from './endpoint';

/**
 * POST /register response. The spec does not list its fields (part 2.7); these are the ones the
 * client relies on, all optional except the queue's identity, so an older or newer server decodes.
 */
export const registerResponseSchema = successResponse({
  queue_id: z.string().nullable(),
  last_event_id: z.number().int(),
  service_feature_level: z.number().int().optional(),
  event_queue_longpoll_timeout_seconds: z.number().optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
