import type { GroupSettingValue, UserGroup } from '../../api/model';
import { PeopleChecklist } from '../users/PeopleChecklist';
import { groupLabel } from './group-setting';

/**
 * Edits one group-setting value (spec 2.1): either one named group, or a set of users plus
 * subgroups.
 */
export function GroupSettingEditor({
  name,
  label,
  value,
  groups,
  onChange,
  disabled = false,
}: {
  name: string;
  label: string;
  value: GroupSettingValue | undefined;
  groups: UserGroup[];
  onChange: (value: GroupSettingValue) => void;
  /** Shown but not editable (the caller says why). */
  disabled?: boolean;
}) {
  const custom = value !== undefined && typeof value !== 'number';
  const collection = custom ? value : { direct_members: [], direct_subgroups: [] };
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  return (
    <fieldset className="group-setting" data-testid={`gs-${name}`} disabled={disabled}>
      <legend>{label}</legend>
      <label className="check">
        <input
          type="radio"
          name={`${name}-mode`}
          data-testid={`gs-${name}-mode-group`}
          checked={!custom}
          onChange={() =>
            onChange(groups.find((g) => g.name === 'role:administrators')?.id ?? groups[0]?.id ?? 0)
          }
        />
        A group
      </label>
      <label className="check">
        <input
          type="radio"
          name={`${name}-mode`}
          data-testid={`gs-${name}-mode-custom`}
          checked={custom}
          onChange={() =>
            onChange({ direct_members: [], direct_subgroups: typeof value === 'number' ? [value] : [] })
          }
        />
        Specific people and groups
      </label>
      {!custom ? (
        <select
          aria-label={`${label}: group`}
          data-testid={`gs-${name}-group`}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(Number(e.target.value))}
        >
          {value === undefined && <option value="">Choose…</option>}
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {groupLabel(g)}
            </option>
          ))}
        </select>
      ) : (
        <div className="collection">
          <div>
            <strong className="small">People</strong>
            <PeopleChecklist
              selected={collection.direct_members}
              onToggle={(id) =>
                onChange({ ...collection, direct_members: toggle(collection.direct_members, id) })
              }
              testIdFor={(u) => `gs-${name}-user-${u.user_id}`}
              searchTestId={`gs-${name}-search`}
              showEmail={false}
            />
          </div>
          <div>
            <strong className="small">Groups</strong>
            <div className="checklist">
              {groups.map((g) => (
                <label key={g.id} className="check">
                  <input
                    type="checkbox"
                    data-testid={`gs-${name}-subgroup-${g.id}`}
                    checked={collection.direct_subgroups.includes(g.id)}
                    onChange={() =>
                      onChange({ ...collection, direct_subgroups: toggle(collection.direct_subgroups, g.id) })
                    }
                  />
                  {groupLabel(g)}
                </label>
              ))}
            </div>
          </div>
        </div>
      )}
    </fieldset>
  );
}
