import { p } from '../http/params';
import { route } from '../http/route';
import { accessibleUser, accessibleUserIds, listedUsers, userToWire } from '../realm/users';

/** GET /users, GET /users/me, GET /users/{user_id}. */
export const userRoutes = [
  route({
    method: 'GET',
    path: '/users',
    params: {
      client_gravatar: p.bool().default(true),
      include_custom_profile_fields: p.bool().default(false),
    },
    handler: ({ realm, user }) => {
      const accessible = accessibleUserIds(realm, user);
      return {
        members: listedUsers(realm)
          .filter((u) => accessible.has(u.user_id))
          .map((u) => userToWire(realm, user, u)),
      };
    },
  }),
  route({
    method: 'GET',
    path: '/users/me',
    params: {},
    handler: ({ realm, user }) => ({
      ...userToWire(realm, user, user),
      max_message_id: realm.messages.at(-1)?.id ?? -1,
    }),
  }),
  route({
    method: 'GET',
    path: '/users/:user_id',
    params: {
      user_id: p.int().required(),
      client_gravatar: p.bool().default(true),
      include_custom_profile_fields: p.bool().default(false),
    },
    handler: ({ realm, user }, { user_id }) => ({
      user: userToWire(realm, user, accessibleUser(realm, user, user_id)),
    }),
  }),
];
