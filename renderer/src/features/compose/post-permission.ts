import type { GroupSettingValue, InitialState } from '../../api/model';
import { userInGroupSetting } from '../../app/permissions';
import { useInitialState } from '../../app/session';

/** What the real service says in place of the compose box of a channel one may not post in. */
export const NO_POST_PERMISSION = 'You do not have permission to post in this channel.';

type PostingState = Pick<
  InitialState,
  'user_id' | 'realm_user_groups' | 'subscriptions' | 'unsubscribed' | 'never_subscribed'
>;

function sendSetting(state: PostingState, streamId: number): GroupSettingValue | undefined {
  for (const list of [state.subscriptions, state.unsubscribed, state.never_subscribed]) {
    const found = list?.find((c) => c.stream_id === streamId);
    if (found) return found.can_send_message_group;
  }
  return undefined;
}

/**
 * Whether the signed-in person may post in a channel: its `can_send_message_group` (spec 2.2),
 * kept current by `stream` and `user_group` events. A channel or server that does not say (no
 * such setting) is left to the server, which refuses what it must when the message is sent.
 */
export function mayPostInChannel(state: PostingState | undefined, streamId: number): boolean {
  const setting = state && sendSetting(state, streamId);
  if (setting === undefined || state?.user_id === undefined) return true;
  return userInGroupSetting(setting, state.user_id, state.realm_user_groups ?? []);
}

export function useMayPostInChannel(streamId: number | undefined): boolean {
  return useInitialState((s) => streamId === undefined || mayPostInChannel(s, streamId)) ?? true;
}
