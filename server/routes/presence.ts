import { p } from '../http/params';
import { route } from '../http/route';
import { updatePresence } from '../realm/presence';

/** POST /users/me/presence (not in the spec; the real service's public API documentation). */
export const presenceRoutes = [
  route({
    method: 'POST',
    path: '/users/me/presence',
    // A report every minute per person: not worth a save of the whole organization each time.
    changesState: false,
    params: {
      status: p.string().required(),
      ping_only: p.bool().default(false),
      new_user_input: p.bool().default(false),
      slim_presence: p.bool().default(false),
      last_update_id: p.int(),
      history_limit_days: p.int(),
    },
    handler: ({ realm, user }, params) =>
      updatePresence(realm, user, {
        status: params.status,
        pingOnly: params.ping_only,
        slim: params.slim_presence,
        lastUpdateId: params.last_update_id,
        historyLimitDays: params.history_limit_days,
      }),
  }),
];
