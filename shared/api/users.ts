import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { FeatureLevel, renameKey } from './compat';
import { defineEndpoint, emptySuccess, successResponse } from './endpoint';
import { withAvatarUrls } from './avatars';
import { userGroupPermissionsShape, userGroupSchema, userSchema } from './resources';

const int = lazy(() => z.number().int());

// ---- Users (public API) -----------------------------------------------------------------------

export const getUsers = defineEndpoint({
  name: 'getUsers',
  method: 'GET',
  path: '/users',
  params: () =>
    z.object({
      client_gravatar: z.boolean().optional(),
      include_custom_profile_fields: z.boolean().optional(),
    }),
  response: () => successResponse({ members: z.array(userSchema()) }),
  adapt: (params) => withAvatarUrls(params),
});

/** GET /users/me: the user's own fields sit at the top level of the response. */
export const getOwnUser = defineEndpoint({
  name: 'getOwnUser',
  method: 'GET',
  path: '/users/me',
  params: () => z.object({}),
  response: () => successResponse(userSchema().shape),
});

// ---- User groups ------------------------------------------------------------------------------

export const getUserGroups = defineEndpoint({
  name: 'getUserGroups',
  method: 'GET',
  path: '/user_groups',
  params: () => z.object({ include_deactivated_groups: z.boolean().optional() }),
  response: () => successResponse({ user_groups: z.array(userGroupSchema()) }),
});

export const createUserGroupParamsSchema = lazy(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    members: z.array(int()),
    subgroups: z.array(int()).optional(),
    ...userGroupPermissionsShape(),
  }),
);
export type CreateUserGroupParams = Infer<typeof createUserGroupParamsSchema>;

/** 4.14 POST /user_groups/create. */
export const createUserGroup = defineEndpoint({
  name: 'createUserGroup',
  method: 'POST',
  path: '/user_groups/create',
  params: createUserGroupParamsSchema,
  // `group_id` came with level 317; older servers answer with the success object only.
  response: () => successResponse({ group_id: int().optional() }),
  adapt: (params, ctx) =>
    ctx.featureLevel < FeatureLevel.canMentionGroupRenamed
      ? renameKey({ ...params }, 'can_mention_group', 'can_mention_group_id')
      : { ...params },
});

// ---- Muted users (the real service's API, feature level 48) -----------------------------------

/** POST /users/me/muted_users/{muted_user_id}: the server marks their messages read from now on. */
export const muteUser = defineEndpoint({
  name: 'muteUser',
  method: 'POST',
  path: '/users/me/muted_users/{muted_user_id}',
  params: () => z.object({ muted_user_id: int() }),
  response: emptySuccess,
});

export const unmuteUser = defineEndpoint({
  name: 'unmuteUser',
  method: 'DELETE',
  path: '/users/me/muted_users/{muted_user_id}',
  params: () => z.object({ muted_user_id: int() }),
  response: emptySuccess,
});
