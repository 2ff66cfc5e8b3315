import { p } from '../http/params';
import { route } from '../http/route';
import { muteUser, unmuteUser } from '../realm/muted-user-changes';
import { accessibleUser, accessibleUserIds, listedUsers, userToWire } from '../realm/users';

/** GET /users, GET /users/me, GET /users/{user_id}; muting and unmuting a user (the real service's API). */
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
  route({
    method: 'POST',
    path: '/users/me/muted_users/:muted_user_id',
    params: { muted_user_id: p.int().required() },
    handler: ({ realm, user }, { muted_user_id }) => {
      muteUser(realm, user, muted_user_id);
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/users/me/muted_users/:muted_user_id',
    params: { muted_user_id: p.int().required() },
    handler: ({ realm, user }, { muted_user_id }) => {
      unmuteUser(realm, user, muted_user_id);
      return {};
    },
  }),
];
