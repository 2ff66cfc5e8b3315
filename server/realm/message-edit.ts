import { historyEntries, applyContentChange, applyMove, recordHistory } from './message-edit-apply';
import { publishEdit, sendMoveNotices } from './message-edit-events';
import {
  authorizeContentEdit,
  authorizeMove,
  authorizeNewMentions,
  messagesToMove,
} from './message-edit-permissions';
import { readEditRequest, type EditRequest } from './message-edit-request';
import { interestedUserIds, rendered } from './messages';
import type { Realm } from './realm';
import { moveUserTopics } from './user-topics';
import type { User } from './users';

export type { EditRequest, PropagateMode } from './message-edit-request';

/**
 * PATCH /messages/{message_id} (spec 4.1): read the request, check every permission, then change the
 * content, move the messages, record their history and tell everyone concerned. Returns the
 * response fields (`detached_uploads`).
 */
export function editMessage(
  realm: Realm,
  user: User,
  messageId: number,
  req: EditRequest,
): Record<string, unknown> {
  const plan = readEditRequest(realm, user, messageId, req);
  authorizeContentEdit(realm, user, plan);
  authorizeMove(realm, user, plan);
  const moved = messagesToMove(realm, user, plan);
  authorizeNewMentions(realm, user, plan);
  const { message, newContent } = plan;
  if (newContent === undefined && !plan.isMove) return { detached_uploads: [] };

  const now = realm.now();
  const interestedBefore = new Set<number>();
  for (const m of moved.length ? moved : [message])
    for (const id of interestedUserIds(realm, m)) interestedBefore.add(id);
  const before = { content: message.content, rendered: rendered(realm, message).html };
  const history = historyEntries(user, plan, moved, before, now);

  const detached = newContent === undefined ? [] : applyContentChange(realm, user, message, newContent, now);
  const lostAccess = applyMove(realm, plan, moved, now);
  recordHistory(history);
  if (plan.isMove && req.propagateMode === 'change_all' && plan.oldChannel) {
    const finalChannel = plan.newChannel ?? plan.oldChannel;
    moveUserTopics(
      realm,
      plan.oldChannel.stream_id,
      plan.oldTopic,
      finalChannel.stream_id,
      plan.newTopic ?? plan.oldTopic,
    );
  }

  publishEdit(realm, user, plan, { moved, interestedBefore, lostAccess, before, now });
  sendMoveNotices(realm, user, plan, moved.length);
  return { detached_uploads: detached };
}
