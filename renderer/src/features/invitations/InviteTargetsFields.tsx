import { memo } from 'react';
import type { InviteChoices } from './invite-choices';

export interface InviteTargets {
  streamIds: number[];
  groupIds: number[];
  includeDefaultChannels: boolean;
}

function toggled(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/**
 * Where new people start: channels (with or without the defaults) and groups. Drawn again only
 * when these change, not with the rest of the form.
 */
export const InviteTargetsFields = memo(function InviteTargetsFields({
  choices,
  value,
  onChange,
}: {
  /** What the person may invite to (`useInviteChoices`). */
  choices: InviteChoices;
  value: InviteTargets;
  onChange: (change: Partial<InviteTargets>) => void;
}) {
  const { channels, groups, mayAddToChannels } = choices;
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
        {!mayAddToChannels ? (
          <span className="muted small" data-testid="invite-channels-not-allowed">
            The organization does not let you add people to other channels.
          </span>
        ) : (
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
        )}
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
});
