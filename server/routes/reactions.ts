import { p } from '../http/params';
import { route } from '../http/route';
import { addReaction, checkReactionType, removeReaction } from '../realm/reactions';

export const reactionRoutes = [
  route({
    method: 'POST',
    path: '/messages/:message_id/reactions',
    params: {
      message_id: p.int().required(),
      emoji_name: p.string().required(),
      emoji_code: p.string(),
      reaction_type: p.string(),
    },
    handler: ({ realm, user }, params) => {
      addReaction(
        realm,
        user,
        params.message_id,
        params.emoji_name,
        params.emoji_code,
        checkReactionType(params.reaction_type),
      );
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/messages/:message_id/reactions',
    params: {
      message_id: p.int().required(),
      emoji_name: p.string(),
      emoji_code: p.string(),
      reaction_type: p.string(),
    },
    handler: ({ realm, user }, params) => {
      removeReaction(
        realm,
        user,
        params.message_id,
        params.emoji_name,
        params.emoji_code,
        checkReactionType(params.reaction_type),
      );
      return {};
    },
  }),
];
