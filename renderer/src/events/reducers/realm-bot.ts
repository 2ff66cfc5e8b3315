import { updateInitialState } from '../../api/keys';
import type { RealmBot } from '../../api/model';
import type { EventReducer } from '../types';

/** Fields of a bot event the bots screen keeps; a key never does (main holds those, bot-keys.ts). */
function withoutKey<T extends object>(bot: T): T {
  const copy: T & { api_key?: unknown } = { ...bot };
  delete copy.api_key;
  return copy;
}

/**
 * `realm_bot`: the bots the user may see (`realm_bots`). `add` brings a new one, `update` changes the
 * fields it carries (a deactivation is an update of `is_active` on current servers), `remove` is
 * older servers' deactivation, and `delete` takes a bot out of the list for good.
 */
export const realmBot: EventReducer<'realm_bot'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const bots: RealmBot[] = s.realm_bots ?? [];
    const id = event.bot.user_id;
    const known = bots.some((bot) => bot.user_id === id);
    switch (event.op) {
      case 'add':
        return { ...s, realm_bots: [...bots.filter((bot) => bot.user_id !== id), withoutKey(event.bot)] };
      case 'update':
        if (!known) return s;
        return {
          ...s,
          realm_bots: bots.map((bot) => (bot.user_id === id ? { ...bot, ...withoutKey(event.bot) } : bot)),
        };
      case 'remove':
        if (!known) return s;
        return {
          ...s,
          realm_bots: bots.map((bot) => (bot.user_id === id ? { ...bot, is_active: false } : bot)),
        };
      case 'delete':
        return known ? { ...s, realm_bots: bots.filter((bot) => bot.user_id !== id) } : s;
    }
  });
};
