import { z } from 'zod';
import { defineEndpoint, successResponse } from './endpoint';

/**
 * POST /fetch_api_key: the real service's password sign-in (the spec leaves how a key is obtained
 * unshown, part 5.4). Main process only: its answer is the API key, which the renderer never sees.
 */
export const fetchApiKey = defineEndpoint({
  name: 'fetchApiKey',
  method: 'POST',
  path: '/fetch_api_key',
  authenticated: false,
  params: () => z.object({ username: z.string().min(1), password: z.string().min(1) }),
  response: () =>
    successResponse({
      api_key: z.string().min(1),
      email: z.string(),
      /** From level 171. */
      user_id: z.number().int().optional(),
    }),
});
