import { z } from 'zod';
import { defineEndpoint, successResponse } from '../../shared/api/endpoint';

/**
 * GET /users/me, used only to verify a key when an account is added (the spec lists the endpoint
 * among those outside part 4; only the fields read here are decoded).
 */
export const getOwnUserForSignIn = defineEndpoint({
  name: 'getOwnUserForSignIn',
  method: 'GET',
  path: '/users/me',
  params: z.object({}),
  response: successResponse({
    user_id: z.number().int(),
    email: z.string().optional(),
    full_name: z.string().optional(),
  }),
});
