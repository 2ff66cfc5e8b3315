import { Role } from '../../../../shared/api/plain-values';
import { userInGroupSetting } from '../../app/permissions';
import { useMemo } from 'react';
import { useInitialState } from '../../app/session';

export interface InviteTargets {
  streamIds: number[];
  groupIds: number[];
  includeDefaultChannels: boolean;
}

function toggled(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/**
 * The channels (not archived, by name) and groups (not system, not deactivated, ones the person
 * may add members to) one may invite to.
 */
function useInviteChoices() {
  const channels = useInitialState((s) =>
    [...(s.subscriptions ?? []), ...(s.unsubscribed ?? []), ...(s.never_subscribed ?? [])].filter(
      (c) => !c.is_archived,
    ),
  );
  // Only groups the person may add members to: the server refuses the whole invitation otherwise.
  const groups = useInitialState((s) => {
    const all = s.realm_user_groups ?? [];
    const self = s.user_id;
    const administrator = s.role !== undefined && s.role <= Role.administrator;
    const mayAddTo = (g: (typeof all)[number]) =>
      administrator ||
      (self !== undefined &&
        [s.realm_can_manage_all_groups, g.can_manage_group, g.can_add_members_group].some((setting) =>
          userInGroupSetting(setting, self, all),
        ));
    return all.filter((g) => !g.is_system_group && !g.deactivated && mayAddTo(g));
  });
  const sortedChannels = useMemo(
    () =>
      [...new Map((channels ?? []).map((c) => [c.stream_id, c])).values()].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [channels],
  );
  return { channels: sortedChannels, groups: groups ?? [] };
}

/** Where new people start: channels (with or without the defaults) and groups. */
export function InviteTargetsFields({
  value,
  onChange,
}: {
  value: InviteTargets;
  onChange: (change: Partial<InviteTargets>) => void;
}) {
  const { channels, groups } = useInviteChoices();
  return (
    <div className="field-row">
      <fieldset className="field">
        <legend>Channels</legend>
        <label className="check">
          <input
            type="checkbox"
            data-testid="invite-default-channels"
            checked={value.includeDefaultChannels}
            onChange={(e) => onChange({ includeDefaultChannels: e.target.checked })}
          />
          The organization’s default channels
        </label>
        <div className="checklist tall">
          {channels.map((c) => (
            <label key={c.stream_id} className="check">
              <input
                type="checkbox"
                data-testid={`invite-channel-${c.name}`}
                checked={value.streamIds.includes(c.stream_id)}
                onChange={() => onChange({ streamIds: toggled(value.streamIds, c.stream_id) })}
              />
              <span className="ellipsis" title={`#${c.name}`}>
                #{c.name}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="field">
        <legend>Groups</legend>
        {groups.length ? (
          <div className="checklist tall">
            {groups.map((g) => (
              <label key={g.id} className="check">
                <input
                  type="checkbox"
                  data-testid={`invite-group-${g.name}`}
                  checked={value.groupIds.includes(g.id)}
                  onChange={() => onChange({ groupIds: toggled(value.groupIds, g.id) })}
                />
                <span className="ellipsis" title={g.name}>
                  {g.name}
                </span>
              </label>
            ))}
          </div>
        ) : (
          <span className="muted small">No groups.</span>
        )}
      </fieldset>
    </div>
  );
}
