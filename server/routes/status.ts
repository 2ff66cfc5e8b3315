import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { statusToWire, updateStatus } from '../realm/user-status';

export const statusRoutes = [
  route({
    method: 'POST',
    path: '/users/me/status',
    params: {
      status_text: p.string(),
      emoji_name: p.string(),
      emoji_code: p.string(),
      reaction_type: p.string(),
      away: p.bool(),
    },
    handler: ({ realm, user }, params) => {
      updateStatus(realm, user, params);
      return {};
    },
  }),
  route({
    method: 'GET',
    path: '/users/:user_id/status',
    params: { user_id: p.int().required() },
    handler: ({ realm }, { user_id }) => {
      const target = realm.users.get(user_id);
      if (!target || target.is_system_bot) throw badRequest('No such user');
      return { status: statusToWire(target.status) };
    },
  }),
];
