import { updateInitialState } from '../../api/keys';
import type { UserTopic } from '../../api/model';
import type { EventReducer } from '../types';

/** `user_topic`: a topic's visibility policy for the user (0 removes the entry). */
export const userTopic: EventReducer = ({ queryClient }, event) => {
  const entry = event as unknown as UserTopic;
  updateInitialState(queryClient, (s) => {
    const rest = (s.user_topics ?? []).filter(
      (t) =>
        !(t.stream_id === entry.stream_id && t.topic_name.toLowerCase() === entry.topic_name.toLowerCase()),
    );
    const next =
      entry.visibility_policy === 0
        ? rest
        : [
            ...rest,
            {
              stream_id: entry.stream_id,
              topic_name: entry.topic_name,
              last_updated: entry.last_updated,
              visibility_policy: entry.visibility_policy,
            },
          ];
    return { ...s, user_topics: next };
  });
};
