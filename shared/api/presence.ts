import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { defineEndpoint, successResponse } from './endpoint';

const int = lazy(() => z.number().int());

/**
 * Per user ID, when a client last said the user was there and when one was last connected (UNIX
 * seconds): the modern form of the register's `presences`, of POST /users/me/presence's answer and
 * of a `presence` event for clients with `simplified_presence_events`. Older forms key by email
 * and nest per client; they decode too but carry neither time.
 */
export const presencesSchema = lazy(() =>
  z.record(
    z.string(),
    z.looseObject({ active_timestamp: z.number().optional(), idle_timestamp: z.number().optional() }),
  ),
);
export type Presences = Infer<typeof presencesSchema>;

/**
 * POST /users/me/presence (the real service's public API; not in the spec): reports the user's own
 * presence and answers everyone's. `last_update_id` (level 263; -1 for everything) asks only for
 * what changed since the answer's `presence_last_update_id`; with it, or `slim_presence`, the
 * answer is in the modern form.
 */
export const updatePresence = defineEndpoint({
  name: 'updatePresence',
  method: 'POST',
  path: '/users/me/presence',
  params: () =>
    z.object({
      status: z.enum(['active', 'idle']),
      ping_only: z.boolean().optional(),
      new_user_input: z.boolean().optional(),
      slim_presence: z.boolean().optional(),
      last_update_id: int().optional(),
    }),
  response: () =>
    successResponse({
      presences: presencesSchema().optional(),
      server_timestamp: z.number().optional(),
      presence_last_update_id: int().optional(),
    }),
});
