import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { EndpointParams } from '../../../../shared/api';
import { callApi, errorText } from '../../api/call';
import type { UserGroup } from '../../api/model';
import { useBridge } from '../../app/bridge-context';
import { useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useRealmPermission } from '../../app/permissions';
import { FormActions } from '../../components/Dialog';
import { takeDroppedFocus } from '../../components/focus-fallback';
import { Empty, Loading } from '../../components/states';
import { describeGroupSetting, groupLabel } from '../channel-settings/group-setting';
import { GroupSettingEditor } from '../channel-settings/GroupSettingEditor';
import { PeopleChecklist } from '../users/PeopleChecklist';
import {
  allowedGroups,
  createGroupParams,
  emptyGroupForm,
  GROUP_PERMISSIONS,
  groupFormProblems,
  INTERNET_NOTE,
  RESTRICTION_NOTES,
  type NewGroupForm,
} from './group-rules';

/** Spec 4.14: the organization's groups, and a form to create one. */
export function UserGroupsScreen() {
  const groups = useInitialState((s) => s.realm_user_groups);
  // The organization's "who can create groups": others see the groups without the form.
  const mayCreate = useRealmPermission('realm_can_create_groups', true);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const active = useMemo(() => (groups ?? []).filter((g) => !g.deactivated), [groups]);
  const custom = active.filter((g) => !g.is_system_group).sort((a, b) => a.name.localeCompare(b.name));
  const system = active.filter((g) => g.is_system_group);

  return (
    <div className="settings-page" data-testid="user-groups-screen">
      <div className="page-title">
        <h2>User groups</h2>
        {mayCreate && !creating && (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="new-group"
            // Back after the form closes (created or cancelled): the keyboard goes on from here.
            ref={takeDroppedFocus}
            onClick={() => {
              setCreating(true);
              setCreated(null);
            }}
          >
            Create a group
          </button>
        )}
      </div>
      {created && (
        <p className="notice" role="status" data-testid="group-created">
          Group “{created}” created.
        </p>
      )}
      {mayCreate && creating && (
        <CreateGroupForm
          groups={active}
          onCancel={() => setCreating(false)}
          onCreated={(name) => {
            setCreating(false);
            setCreated(name);
          }}
        />
      )}
      {groups === undefined ? (
        <Loading />
      ) : (
        <>
          <section className="settings-group" aria-labelledby="custom-groups">
            <h3 id="custom-groups">Groups</h3>
            {custom.length === 0 ? (
              <Empty>No groups yet.</Empty>
            ) : (
              <ul className="card-list" data-testid="groups-list">
                {custom.map((g) => (
                  <GroupCard key={g.id} group={g} groups={active} />
                ))}
              </ul>
            )}
          </section>
          <section className="settings-group" aria-labelledby="system-groups">
            <h3 id="system-groups">Roles (system groups)</h3>
            <p className="muted small">
              These follow people’s roles; they cannot be edited, and some permissions cannot be given to
              them.
            </p>
            <ul className="chips">
              {system.map((g) => (
                <li key={g.id} className="tag" title={g.description}>
                  {groupLabel(g)}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

function GroupCard({ group, groups }: { group: UserGroup; groups: UserGroup[] }) {
  const users = useUsers();
  const [open, setOpen] = useState(false);
  const byId = useMemo(() => new Map(groups.map((g) => [g.id, g])), [groups]);
  const name = (id: number) => users.get(id)?.full_name ?? `User ${id}`;
  const members = group.members ?? [];
  const subgroups = group.direct_subgroup_ids ?? [];
  return (
    <li className="card" data-testid={`group-${group.name}`}>
      <header className="card-header">
        <strong>{group.name}</strong>
        <span className="muted small">
          {members.length} {members.length === 1 ? 'member' : 'members'}
          {subgroups.length
            ? `, ${subgroups.length} ${subgroups.length === 1 ? 'subgroup' : 'subgroups'}`
            : ''}
        </span>
        <button
          type="button"
          className="btn-link small card-time"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide details' : 'Details'}
        </button>
      </header>
      {group.description && <p className="card-content">{group.description}</p>}
      {open && (
        <dl className="facts">
          <dt>Members</dt>
          <dd>{members.length ? members.map(name).join(', ') : 'None'}</dd>
          <dt>Subgroups</dt>
          <dd>
            {subgroups.length
              ? subgroups.map((id) => byId.get(id)?.name ?? `Group ${id}`).join(', ')
              : 'None'}
          </dd>
          {GROUP_PERMISSIONS.map(([permission, label]) => (
            <FragmentFact
              key={permission}
              label={label}
              value={describeGroupSetting(group[permission], byId, name)}
            />
          ))}
        </dl>
      )}
    </li>
  );
}

function FragmentFact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function CreateGroupForm({
  groups,
  onCancel,
  onCreated,
}: {
  groups: UserGroup[];
  onCancel: () => void;
  onCreated: (name: string) => void;
}) {
  const bridge = useBridge();
  const users = useUsers();
  const [form, setForm] = useState<NewGroupForm>(emptyGroupForm);
  const [tried, setTried] = useState(false);
  const create = useMutation({
    mutationFn: (params: EndpointParams<'createUserGroup'>) => callApi(bridge, 'createUserGroup', params),
    onSuccess: () => onCreated(form.name.trim()),
  });
  // A create whose answer was lost made the group all the same: once its event brings a group by
  // that name that was not there when asked, it is created (asked again, the name would be taken).
  const [askedAmong, setAskedAmong] = useState<{ name: string; ids: ReadonlySet<number> } | null>(null);
  const madeMeanwhile =
    create.isError && askedAmong
      ? groups.find((g) => !askedAmong.ids.has(g.id) && g.name === askedAmong.name)
      : undefined;
  useEffect(() => {
    if (madeMeanwhile) onCreated(madeMeanwhile.name);
  }, [madeMeanwhile, onCreated]);
  const knownIds = useMemo(() => new Set(users.keys()), [users]);
  const problems = groupFormProblems(form, groups, knownIds);
  const customGroups = groups.filter((g) => !g.is_system_group);
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (create.isPending) return;
    // The server's refusal of the last try says nothing of this one.
    create.reset();
    if (problems.length) return;
    const params = createGroupParams(form);
    setAskedAmong({ name: params.name, ids: new Set(groups.map((g) => g.id)) });
    create.mutate(params);
  };

  return (
    <form className="settings-group create-group" onSubmit={submit} data-testid="create-group-form">
      <h3>New group</h3>
      <div className="field-row">
        <label className="field">
          <span>Name</span>
          <input
            data-testid="group-name"
            autoFocus
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </label>
        <label className="field">
          <span>Description</span>
          <input
            data-testid="group-description"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </label>
      </div>
      <div className="field-row">
        <div className="field">
          <span>Members ({form.members.length})</span>
          <PeopleChecklist
            selected={form.members}
            onToggle={(id) => setForm((f) => ({ ...f, members: toggle(f.members, id) }))}
            testIdFor={(u) => `member-${u.email}`}
            searchTestId="member-search"
          />
        </div>
        <fieldset className="field">
          <legend>Subgroups</legend>
          <span className="muted small">Members of these groups are members of the new group too.</span>
          {customGroups.length === 0 ? (
            <span className="muted small">No other groups yet.</span>
          ) : (
            <div className="checklist tall">
              {customGroups.map((g) => (
                <label key={g.id} className="check">
                  <input
                    type="checkbox"
                    data-testid={`subgroup-${g.name}`}
                    checked={form.subgroups.includes(g.id)}
                    onChange={() => setForm((f) => ({ ...f, subgroups: toggle(f.subgroups, g.id) }))}
                  />
                  {g.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
      </div>
      <h4>Permissions</h4>
      <p className="muted small">
        Each permission goes to one group (a role or a group) or to specific people and groups. Left unset,
        the server’s default applies. {INTERNET_NOTE}
      </p>
      <div className="permissions">
        {GROUP_PERMISSIONS.map(([permission, label]) => {
          const value = form.permissions[permission];
          const set = value !== undefined;
          const setValue = (v: NewGroupForm['permissions'][typeof permission]) =>
            setForm((f) => ({ ...f, permissions: { ...f.permissions, [permission]: v } }));
          return (
            <div key={permission} className="permission" data-testid={`perm-${permission}`}>
              <label className="check">
                <input
                  type="checkbox"
                  data-testid={`perm-${permission}-set`}
                  checked={set}
                  onChange={(e) => {
                    if (e.target.checked) {
                      // Start from administrators: the narrowest role that is always allowed.
                      const allowed = allowedGroups(groups, permission);
                      const start =
                        allowed.find((g) => g.name === 'role:administrators') ??
                        allowed.find((g) => g.is_system_group);
                      setValue(start?.id ?? { direct_members: [], direct_subgroups: [] });
                    } else setValue(undefined);
                  }}
                />
                <strong>{label}</strong>
                {!set && <span className="muted small">server default</span>}
              </label>
              {set && (
                <GroupSettingEditor
                  name={permission}
                  label={label}
                  value={value}
                  groups={allowedGroups(groups, permission)}
                  onChange={setValue}
                />
              )}
              {RESTRICTION_NOTES[permission] && (
                <p className="muted small">{RESTRICTION_NOTES[permission]}</p>
              )}
            </div>
          );
        })}
      </div>
      {tried && problems.length > 0 && (
        <ul className="form-error" role="alert" data-testid="group-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {create.isError && (
        <p className="form-error" role="alert" data-testid="group-error">
          Group not created: {errorText(create.error)}
        </p>
      )}
      <FormActions
        onCancel={onCancel}
        testId="group-create"
        pending={create.isPending}
        submitLabel="Create group"
        pendingLabel="Creating…"
      />
    </form>
  );
}
