import { userTopicsAfter } from '../../../../shared/register-state';
import { updateInitialState } from '../../api/keys';
import type { UserTopic } from '../../api/model';
import type { EventReducer } from '../types';

/** `user_topic`: a topic's visibility policy for the user (0 removes the entry). */
export const userTopic: EventReducer<'user_topic'> = ({ queryClient }, entry) => {
  updateInitialState(queryClient, (s) => userTopicsAfter(s, entry));
};

/** When two topics merge, the more visible policy wins, as on the server (followed > unmuted > none > muted). */
const VISIBILITY_ORDER = [3, 2, 0, 1];

/**
 * A whole topic moved (`update_message` with `change_all`): its policy follows it, so the sidebar does
 * not forget a mute or follow until the server's own `user_topic` events (or a reload) arrive.
 * Applying those events afterwards changes nothing further.
 */
export function moveUserTopic(
  entries: UserTopic[],
  from: { streamId: number; topic: string },
  to: { streamId: number; topic: string },
): UserTopic[] {
  const matches = (t: UserTopic, where: { streamId: number; topic: string }) =>
    t.stream_id === where.streamId && t.topic_name.toLowerCase() === where.topic.toLowerCase();
  const source = entries.find((t) => matches(t, from));
  if (!source) return entries;
  const target = entries.find((t) => matches(t, to) && t !== source);
  const policy = target
    ? (VISIBILITY_ORDER.find((p) => p === source.visibility_policy || p === target.visibility_policy) ?? 0)
    : source.visibility_policy;
  const rest = entries.filter((t) => !matches(t, from) && !matches(t, to));
  if (policy === 0) return rest;
  return [...rest, { ...source, stream_id: to.streamId, topic_name: to.topic, visibility_policy: policy }];
}
