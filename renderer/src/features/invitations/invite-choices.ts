import { Role } from '../../../../shared/api/plain-values';
import type { Channel, InitialState, UserGroup } from '../../api/model';
import { userInGroupSetting } from '../../app/permissions';
import { useInitialState } from '../../app/session';

/** Who is inviting, as the server judges what they may invite to. */
export interface Inviter {
  userId: number;
  administrator: boolean;
  guest: boolean;
  groups: readonly UserGroup[];
  subscribedIds: ReadonlySet<number>;
}

/**
 * Whether the inviter may add people to the channel (spec 4.10, the real service's rule): its
 * administrators and those its "who can add subscribers" names may; others only where the
 * organization lets them add subscribers and they may read the channel.
 */
export function mayAddSubscribersTo(channel: Channel, who: Inviter): boolean {
  if (channel.is_archived) return false;
  const holds = (setting: Channel['can_add_subscribers_group']) =>
    userInGroupSetting(setting, who.userId, who.groups);
  if (who.administrator || holds(channel.can_administer_channel_group)) return true;
  if (holds(channel.can_add_subscribers_group)) return true;
  const readable =
    who.subscribedIds.has(channel.stream_id) ||
    (channel.invite_only ? holds(channel.can_subscribe_group) : !who.guest);
  return readable;
}

/** Whether the organization lets the person add others to channels; an older server that does not say lets them try. */
function mayAddToChannels(s: InitialState): boolean {
  const setting = s.realm_can_add_subscribers_group;
  if (setting === undefined || s.user_id === undefined) return true;
  return userInGroupSetting(setting, s.user_id, s.realm_user_groups ?? []);
}

function inviterOf(s: InitialState): Inviter | null {
  if (s.user_id === undefined) return null;
  return {
    userId: s.user_id,
    administrator: s.role !== undefined && s.role <= Role.administrator,
    guest: s.is_guest === true || s.role === Role.guest,
    groups: s.realm_user_groups ?? [],
    subscribedIds: new Set((s.subscriptions ?? []).map((c) => c.stream_id)),
  };
}

export interface InviteChoices {
  /** Channels the new people can be added to, by name; none when the person may not add anyone to channels. */
  channels: Channel[];
  /** Whether the organization lets the person add others to channels at all. */
  mayAddToChannels: boolean;
  groups: UserGroup[];
}

const NONE: InviteChoices = { channels: [], mayAddToChannels: false, groups: [] };

/**
 * The channels and groups (not system, not deactivated) the person may invite to: the server
 * refuses a whole invitation that names one they may not, so only these are offered (and sent).
 */
export function useInviteChoices(): InviteChoices {
  return useInitialState(inviteChoicesOf) ?? NONE;
}

export function inviteChoicesOf(state: InitialState): InviteChoices {
  const all = state.realm_user_groups ?? [];
  const self = state.user_id;
  const administrator = state.role !== undefined && state.role <= Role.administrator;
  const mayAddTo = (g: UserGroup) =>
    administrator ||
    (self !== undefined &&
      [state.realm_can_manage_all_groups, g.can_manage_group, g.can_add_members_group].some((setting) =>
        userInGroupSetting(setting, self, all),
      ));
  const groups = all.filter((g) => !g.is_system_group && !g.deactivated && mayAddTo(g));

  const inviter = inviterOf(state);
  const allowed = mayAddToChannels(state);
  const known = [
    ...(state.subscriptions ?? []),
    ...(state.unsubscribed ?? []),
    ...(state.never_subscribed ?? []),
  ];
  const channels = allowed
    ? [...new Map(known.map((c) => [c.stream_id, c])).values()]
        .filter((c) => !c.is_archived && (inviter === null || mayAddSubscribersTo(c, inviter)))
        .sort((a, b) => a.name.localeCompare(b.name))
    : [];
  return { channels, mayAddToChannels: allowed, groups };
}
