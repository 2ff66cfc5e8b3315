import { z } from 'zod';
import { defineEndpoint, emptySuccess, successResponse } from '../../shared/api/endpoint';
import type { CallResult } from '../../shared/ipc';
import type { HttpClient } from './http-client';

/**
 * GET /users/me, used only to verify a key when an account is added; only the fields read here are
 * decoded, so any server's user object passes.
 */
export const getOwnUserForSignIn = defineEndpoint({
  name: 'getOwnUserForSignIn',
  method: 'GET',
  path: '/users/me',
  params: () => z.object({}),
  response: () =>
    successResponse({
      user_id: z.number().int(),
      email: z.string().optional(),
      full_name: z.string().optional(),
    }),
});

/** GET /streams (spec 4.9): authenticated and read-only; decoded as a bare success. */
const listStreamsForSignIn = defineEndpoint({
  name: 'listStreamsForSignIn',
  method: 'GET',
  path: '/streams',
  params: () => z.object({}),
  response: emptySuccess,
});

/**
 * Checks that the client's credentials are accepted. A server without GET /users/me (404) is
 * asked for GET /streams instead, which the spec's part 4 guarantees.
 */
export async function verifyCredentials(client: HttpClient): Promise<CallResult<null>> {
  const me = await client.call(getOwnUserForSignIn, {});
  if (me.ok) return { ok: true, value: null };
  if (me.error.kind !== 'api' || me.error.status !== 404) return me;
  const streams = await client.call(listStreamsForSignIn, {});
  return streams.ok ? { ok: true, value: null } : streams;
}
