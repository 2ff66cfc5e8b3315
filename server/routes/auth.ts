import { createHash, timingSafeEqual } from 'node:crypto';
import { realmDeactivated, userDeactivated } from '../http/auth';
import { ApiError } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { getUserByEmail } from '../realm/users';

/** Wrong password and unknown user answer alike, so the answer tells nobody which accounts exist. */
const authenticationFailed = () =>
  new ApiError('Your username or password is incorrect', 'AUTHENTICATION_FAILED', 401);

/**
 * POST /fetch_api_key: email and password for the account's API key, as the real service's
 * password sign-in (not in the spec; its public API documentation is the reference). No
 * authentication; repeated failures are throttled per username and per address.
 */
export const authRoutes = [
  route({
    method: 'POST',
    path: '/fetch_api_key',
    auth: false,
    changesState: false,
    params: {
      username: p.string().required(),
      password: p.string().required(),
    },
    handler: ({ realm, server, request }, { username, password }) => {
      const address = request.ip;
      server.loginThrottle.check(username, address);
      if (realm.deactivated) throw realmDeactivated();
      const user = getUserByEmail(realm, username.trim());
      // Bots and the internal bots have API keys but no password sign-in.
      if (!user || user.is_bot || user.is_system_bot || !samePassword(user.password, password)) {
        server.loginThrottle.recordFailure(username, address);
        throw authenticationFailed();
      }
      if (!user.is_active) throw userDeactivated();
      return { api_key: user.api_key, email: user.email, user_id: user.user_id };
    },
  }),
];

/** Compares in constant time, so response timing does not reveal how much of a guess was right. */
function samePassword(stored: string, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(stored), digest(given));
}
