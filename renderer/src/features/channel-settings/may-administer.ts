import type { Channel } from '../../api/model';
import { userInGroupSetting } from '../../app/permissions';
import { useIsAdmin } from '../../app/realm';
import { useInitialState } from '../../app/session';

/**
 * Whether the person may change the channel's settings (spec 2.2): organization administrators,
 * and those its "who can administer the channel" names (by default whoever created it).
 */
export function useMayAdministerChannel(channel: Pick<Channel, 'can_administer_channel_group'>): boolean {
  const isAdmin = useIsAdmin();
  const named =
    useInitialState(
      (s) =>
        s.user_id !== undefined &&
        userInGroupSetting(channel.can_administer_channel_group, s.user_id, s.realm_user_groups ?? []),
    ) ?? false;
  return isAdmin || named;
}
