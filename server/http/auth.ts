import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { Realm } from '../realm/realm';
import { getUserByEmail, type User } from '../realm/users';

/** HTTP Basic authentication with the API email and API key (spec part 5). */
export function authenticate(realm: Realm, request: FastifyRequest): User {
  const header = request.headers.authorization;
  if (!header || !/^basic /i.test(header)) {
    throw new ApiError('Not logged in: API authentication or user session required', 'UNAUTHORIZED', 401);
  }
  let decoded: string;
  try {
    decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  } catch {
    throw new ApiError('Invalid authorization header for basic auth', 'UNAUTHORIZED', 401);
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new ApiError('Invalid authorization header for basic auth', 'UNAUTHORIZED', 401);
  const email = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  if (realm.deactivated) throw realmDeactivated();
  const user = getUserByEmail(realm, email);
  if (!user || user.api_key !== key) throw new ApiError('Invalid API key', 'INVALID_API_KEY', 401);
  if (!user.is_active) throw userDeactivated();
  return user;
}

/** The real service's refusals for a deactivated account or organization (401, as its other auth failures). */
export const userDeactivated = () => new ApiError('Account is deactivated', 'USER_DEACTIVATED', 401);
export const realmDeactivated = () =>
  new ApiError('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
