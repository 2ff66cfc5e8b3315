import { useInitialState } from '../app/session';
import { updateInitialState, type QueryCacheAccess } from './keys';

/**
 * Whether the server left older unread messages out of `unread_msgs` (the real service sends at most
 * its newest 50,000, with `old_unreads_missing`): counts from it are then lower bounds.
 */
export function useOldUnreadsMissing(): boolean {
  return useInitialState((s) => s.unread_msgs?.old_unreads_missing === true) ?? false;
}

// One formatter for every count: `toLocaleString` builds a new one per call, and the sidebar
// formats each of its counts on every change of the unread state.
const countFormat = new Intl.NumberFormat('en-US');

/** An unread count as shown: "50,000+" when it is only a lower bound. */
export function unreadCountLabel(count: number, partial = false): string {
  const digits = countFormat.format(count);
  return partial ? `${digits}+` : digits;
}

/** After everything was marked read: the unread list is whole again (see useOldUnreadsMissing). */
export function clearOldUnreadsMissing(queryClient: QueryCacheAccess): void {
  updateInitialState(queryClient, (state) =>
    state.unread_msgs?.old_unreads_missing
      ? { ...state, unread_msgs: { ...state.unread_msgs, old_unreads_missing: false } }
      : state,
  );
}
