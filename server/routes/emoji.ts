import { route } from '../http/route';
import { realmEmojiToWire } from '../realm/emoji';

/** GET /realm/emoji: the organization's custom emoji, keyed by id (deactivated ones included). */
export const emojiRoutes = [
  route({
    method: 'GET',
    path: '/realm/emoji',
    params: {},
    handler: ({ realm }) => ({
      emoji: Object.fromEntries([...realm.emoji.values()].map((e) => [String(e.id), realmEmojiToWire(e)])),
    }),
  }),
];
