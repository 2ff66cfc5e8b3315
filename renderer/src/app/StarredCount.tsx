import { useUserSetting } from './realm';
import { useInitialState } from './session';

/**
 * starred_message_counts (spec 4.6): the number of starred messages beside "Starred". The
 * register state's `starred_messages` is kept current by update_message_flags events.
 */
export function StarredCount() {
  const show = useUserSetting<boolean>('starred_message_counts', false);
  const count = useInitialState((s) => s.starred_messages?.length) ?? 0;
  if (!show || count === 0) return null;
  return (
    <span className="starred-count" data-testid="starred-count" aria-label={`${count} starred`}>
      {count}
    </span>
  );
}
