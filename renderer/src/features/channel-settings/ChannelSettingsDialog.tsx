import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { EndpointParams } from '../../../../shared/api';
import { callApi, errorText } from '../../api/call';
import type { Channel, GroupSettingValue } from '../../api/model';
import { useApiQuery } from '../../api/queries';
import { useBridge } from '../../app/bridge-context';
import { useInitialState } from '../../app/session';
import { useIsAdmin } from '../../app/realm';
import { userInGroupSetting } from '../../app/permissions';
import { Dialog, FormActions } from '../../components/Dialog';
import { ErrorState, Loading } from '../../components/states';
import { useDialogStore } from '../../state/dialogs';
import { groupSettingUpdate } from './group-setting';
import { GroupSettingEditor } from './GroupSettingEditor';
import { RadioOptions } from '../../components/RadioOptions';
import { channelNameProblem } from '../channels/create-channel';
import { useChannelIndex } from '../channels/hooks';

import { GROUP_SETTINGS } from './group-settings';
export { GROUP_SETTINGS };
type GroupSettingName = (typeof GROUP_SETTINGS)[number][0];

export type Retention = { mode: 'realm_default' } | { mode: 'unlimited' } | { mode: 'days'; days: number };

export function retentionOf(days: number | null | undefined): Retention {
  if (days === null || days === undefined) return { mode: 'realm_default' };
  if (days === -1) return { mode: 'unlimited' };
  return { mode: 'days', days };
}

/** Why the days typed are not a retention period, or null when they are (a whole number, 1 or more). */
export function retentionDaysProblem(text: string): string | null {
  return /^\s*\d+\s*$/.test(text) && Number(text) >= 1 ? null : 'Enter a whole number of days, 1 or more.';
}

/**
 * The days a change of retention keeps messages for, when it keeps them for less time than
 * before (older ones are then deleted); null otherwise. The organization's default counts as its
 * own period (`realmDays`: null or -1 for forever).
 */
export function shortensRetention(
  before: Retention,
  after: Retention,
  realmDays: number | null | undefined,
): number | null {
  if (after.mode !== 'days') return null;
  const days = (r: Retention): number =>
    r.mode === 'days'
      ? r.days
      : r.mode === 'unlimited' || realmDays == null || realmDays < 0
        ? Infinity
        : realmDays;
  return after.days < days(before) ? after.days : null;
}

/** Spec 4.2: an integer number of days, or `realm_default`, or `unlimited`. */
export function retentionParam(r: Retention): number | 'realm_default' | 'unlimited' {
  return r.mode === 'days' ? r.days : r.mode;
}

export interface ChannelForm {
  new_name: string;
  description: string;
  privacy: 'public' | 'private' | 'web-public';
  history_public_to_subscribers: boolean;
  is_default_stream: boolean;
  retention: Retention;
  groups: Partial<Record<GroupSettingName, GroupSettingValue>>;
}

export function formOf(c: Channel, isDefault: boolean): ChannelForm {
  return {
    new_name: c.name,
    description: c.description ?? '',
    privacy: c.invite_only ? 'private' : c.is_web_public ? 'web-public' : 'public',
    history_public_to_subscribers: c.history_public_to_subscribers ?? true,
    is_default_stream: isDefault,
    retention: retentionOf(c.message_retention_days),
    groups: Object.fromEntries(GROUP_SETTINGS.map(([name]) => [name, c[name]])),
  };
}

/** The PATCH /streams/{id} body for what changed between two forms. */
export function channelUpdateParams(
  streamId: number,
  before: ChannelForm,
  after: ChannelForm,
): EndpointParams<'updateStream'> {
  const p: EndpointParams<'updateStream'> = { stream_id: streamId };
  if (after.new_name !== before.new_name) p.new_name = after.new_name;
  if (after.description !== before.description) p.description = after.description;
  if (after.privacy !== before.privacy) {
    p.is_private = after.privacy === 'private';
    p.is_web_public = after.privacy === 'web-public';
  }
  if (after.history_public_to_subscribers !== before.history_public_to_subscribers)
    p.history_public_to_subscribers = after.history_public_to_subscribers;
  if (after.is_default_stream !== before.is_default_stream) p.is_default_stream = after.is_default_stream;
  if (JSON.stringify(after.retention) !== JSON.stringify(before.retention))
    p.message_retention_days = retentionParam(after.retention);
  for (const [name] of GROUP_SETTINGS) {
    const next = after.groups[name];
    if (next === undefined) continue;
    const update = groupSettingUpdate(before.groups[name], next);
    if (update) p[name] = update;
  }
  return p;
}

/** Every channel parameter of spec 4.2, for administrators. */
const PRIVACY_OPTIONS = [
  ['public', 'Public: anyone in the organization can join'],
  ['private', 'Private: only subscribers'],
  ['web-public', 'Web-public: anyone on the internet can read'],
] as const;

const WEB_PUBLIC_ONLY: ReadonlySet<ChannelForm['privacy']> = new Set(['web-public']);

/** Permissions only someone who can read the channel may change (spec 4.2, "content access"). */
const NEEDS_CONTENT_ACCESS: ReadonlySet<GroupSettingName> = new Set([
  'can_add_subscribers_group',
  'can_subscribe_group',
]);

/**
 * Whether the person may make a channel web-public (spec 4.2): the organization lets visitors in
 * without an account, and the person is in its `can_create_web_public_channel_group`. A server that
 * does not say lets the person try (its refusal is shown).
 */
function useMayMakeWebPublic(): boolean {
  return (
    useInitialState((s) => {
      if (s.realm_enable_spectator_access === false) return false;
      const setting = s.realm_can_create_web_public_channel_group;
      if (setting === undefined || s.user_id === undefined) return true;
      return userInGroupSetting(setting, s.user_id, s.realm_user_groups ?? []);
    }) ?? true
  );
}

export function ChannelSettingsDialog({ streamId }: { streamId: number }) {
  const close = useDialogStore((s) => s.close);
  const channel = useApiQuery('getStreamById', { stream_id: streamId }, { staleTime: 0 });
  const defaults = useApiQuery('getStreams', { include_all: true, include_default: true }, { staleTime: 0 });
  const [unsaved, setUnsaved] = useState(false);
  return (
    <Dialog title="Channel settings" onClose={close} testId="channel-settings-dialog" wide unsaved={unsaved}>
      {(channel.isPending || defaults.isPending) && <Loading />}
      {channel.isError && <ErrorState error={channel.error} retry={() => void channel.refetch()} />}
      {channel.isSuccess && !defaults.isPending && (
        <SettingsForm
          channel={channel.data.stream}
          isDefault={defaults.data?.streams.find((s) => s.stream_id === streamId)?.is_default ?? false}
          onDone={close}
          onUnsaved={setUnsaved}
        />
      )}
    </Dialog>
  );
}

function SettingsForm({
  channel,
  isDefault,
  onDone,
  onUnsaved,
}: {
  channel: Channel;
  isDefault: boolean;
  onDone: () => void;
  /** Told whether the form holds changes not saved yet (the dialog then keeps them from a stray Esc). */
  onUnsaved: (unsaved: boolean) => void;
}) {
  const bridge = useBridge();
  const groupsList = useInitialState((s) => s.realm_user_groups);
  const realmRetention = useInitialState((s) => s.realm_message_retention_days);
  const maxName = useInitialState((s) => s.max_stream_name_length);
  const maxDescription = useInitialState((s) => s.max_stream_description_length);
  // No channel permission can be held by "Everyone on the internet" (the server refuses role:internet
  // for all of them: people need an account to post, subscribe or administer), so it is not offered.
  const groups = useMemo(
    () => (groupsList ?? []).filter((g) => !g.deactivated && g.name !== 'role:internet'),
    [groupsList],
  );
  // The channel as it is now (events keep it current) and what the person changed over it: a change
  // made elsewhere while the dialog is open shows in the fields left alone, and saving sends only
  // the fields changed here (the whole form sent back the old values over the other change).
  const live = useMemo(() => formOf(channel, isDefault), [channel, isDefault]);
  const [edits, setEdits] = useState<Partial<ChannelForm>>({});
  const form = useMemo<ChannelForm>(
    () => ({ ...live, ...edits, groups: { ...live.groups, ...edits.groups } }),
    [live, edits],
  );
  const mayMakeWebPublic = useMayMakeWebPublic();
  // A channel's own administrators may change the rest; these two are the organization's.
  const isAdmin = useIsAdmin();
  // Who can access a private channel, add or join it are for those who can read it: the server
  // refuses them to an administrator who is not subscribed.
  const subscribed =
    useInitialState((s) => (s.subscriptions ?? []).some((sub) => sub.stream_id === channel.stream_id)) ??
    false;
  const contentAccess = !channel.invite_only || subscribed;
  const save = useMutation({
    mutationFn: (params: EndpointParams<'updateStream'>) => callApi(bridge, 'updateStream', params),
    onSuccess: onDone,
  });
  // A save whose answer was lost may have gone through: once the channel (its event) is the form
  // that was sent, it is saved, as after a success (Save would be disabled beside the error).
  const [sent, setSent] = useState<ChannelForm | null>(null);
  const savedMeanwhile =
    save.isError &&
    sent !== null &&
    Object.keys(channelUpdateParams(channel.stream_id, live, sent)).length === 1;
  useEffect(() => {
    if (savedMeanwhile) onDone();
  }, [savedMeanwhile, onDone]);
  const params = channelUpdateParams(channel.stream_id, live, form);
  const changed = Object.keys(params).length > 1;
  useEffect(() => onUnsaved(changed), [changed, onUnsaved]);
  const set = (patch: Partial<ChannelForm>) => setEdits((e) => ({ ...e, ...patch }));
  const setGroup = (name: GroupSettingName, value: GroupSettingValue) =>
    setEdits((e) => ({ ...e, groups: { ...e.groups, [name]: value } }));
  const known = useChannelIndex();
  const otherChannels = useMemo(
    () => [...known.values()].filter((c) => c.stream_id !== channel.stream_id),
    [known, channel.stream_id],
  );
  const nameProblem =
    form.new_name === live.new_name ? null : channelNameProblem(form.new_name, otherChannels, maxName);
  // The days field as typed: what it holds is only taken once it is a number of days.
  const [daysText, setDaysText] = useState(String(form.retention.mode === 'days' ? form.retention.days : 30));
  const daysProblem = form.retention.mode === 'days' ? retentionDaysProblem(daysText) : null;
  const deletesHistory = shortensRetention(live.retention, form.retention, realmRetention);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed || nameProblem || daysProblem || save.isPending) return;
    setSent(form);
    save.mutate(params);
  };

  return (
    <form className="settings-form" onSubmit={submit}>
      <label className="field">
        <span>Name</span>
        <input
          data-testid="cs-name"
          value={form.new_name}
          maxLength={maxName}
          onChange={(e) => set({ new_name: e.target.value })}
          aria-invalid={nameProblem !== null || undefined}
          required
        />
        {nameProblem && (
          <span className="form-error" data-testid="cs-name-problem">
            {nameProblem}
          </span>
        )}
      </label>
      <label className="field">
        <span>Description (markdown)</span>
        <textarea
          data-testid="cs-description"
          rows={3}
          value={form.description}
          maxLength={maxDescription}
          onChange={(e) => set({ description: e.target.value })}
        />
      </label>
      {!contentAccess && (
        <p className="muted small" data-testid="cs-not-subscribed">
          Subscribe to this private channel to change who can access it, add subscribers or join it.
        </p>
      )}
      <fieldset className="field" disabled={!contentAccess}>
        <legend>Who can access the channel</legend>
        <RadioOptions
          name="privacy"
          testIdPrefix="cs-privacy-"
          options={PRIVACY_OPTIONS}
          value={form.privacy}
          onChange={(privacy) => set({ privacy })}
          disabled={mayMakeWebPublic ? undefined : WEB_PUBLIC_ONLY}
        />
        {!mayMakeWebPublic && live.privacy !== 'web-public' && (
          <p className="muted small" data-testid="cs-web-public-not-allowed">
            You cannot make channels web-public in this organization.
          </p>
        )}
        {form.privacy === 'private' && (
          <label className="check">
            <input
              type="checkbox"
              data-testid="cs-history"
              checked={form.history_public_to_subscribers}
              onChange={(e) => set({ history_public_to_subscribers: e.target.checked })}
            />
            New subscribers can see the channel's past messages
          </label>
        )}
      </fieldset>
      {!isAdmin && (
        <p className="muted small" data-testid="cs-admin-only">
          Only organization administrators can change whether this is a default channel and how long its
          messages are kept.
        </p>
      )}
      <label className="check">
        <input
          type="checkbox"
          data-testid="cs-default"
          checked={form.is_default_stream}
          disabled={!isAdmin}
          onChange={(e) => set({ is_default_stream: e.target.checked })}
        />
        Default channel for new users
      </label>
      <fieldset className="field" disabled={!isAdmin}>
        <legend>Message retention</legend>
        <label className="check">
          <input
            type="radio"
            name="retention"
            data-testid="cs-retention-default"
            checked={form.retention.mode === 'realm_default'}
            onChange={() => set({ retention: { mode: 'realm_default' } })}
          />
          Organization default (
          {realmRetention === undefined || realmRetention === null || realmRetention === -1
            ? 'forever'
            : `${realmRetention} days`}
          )
        </label>
        <label className="check">
          <input
            type="radio"
            name="retention"
            data-testid="cs-retention-forever"
            checked={form.retention.mode === 'unlimited'}
            onChange={() => set({ retention: { mode: 'unlimited' } })}
          />
          Forever
        </label>
        <label className="check">
          <input
            type="radio"
            name="retention"
            data-testid="cs-retention-days"
            checked={form.retention.mode === 'days'}
            onChange={() =>
              set({
                retention: { mode: 'days', days: form.retention.mode === 'days' ? form.retention.days : 30 },
              })
            }
          />
          For
          <input
            type="number"
            min={1}
            className="days"
            aria-label="Days"
            data-testid="cs-retention-days-value"
            disabled={form.retention.mode !== 'days'}
            value={daysText}
            aria-invalid={daysProblem !== null || undefined}
            onChange={(e) => {
              setDaysText(e.target.value);
              if (retentionDaysProblem(e.target.value) === null)
                set({ retention: { mode: 'days', days: Number(e.target.value) } });
            }}
          />
          days
        </label>
        {daysProblem && (
          <span className="form-error" data-testid="cs-retention-problem">
            {daysProblem}
          </span>
        )}
        {!daysProblem && deletesHistory && (
          <span className="form-warning" role="note" data-testid="cs-retention-warning">
            Messages older than {deletesHistory} days will be deleted from this channel for good.
          </span>
        )}
      </fieldset>
      <h3>Permissions</h3>
      {GROUP_SETTINGS.map(([name, label]) => (
        <GroupSettingEditor
          key={name}
          name={name}
          label={label}
          value={form.groups[name]}
          groups={groups}
          onChange={(value) => setGroup(name, value)}
          disabled={!contentAccess && NEEDS_CONTENT_ACCESS.has(name)}
        />
      ))}
      <FormActions
        sticky
        onCancel={onDone}
        testId="cs-save"
        error={save.isError ? errorText(save.error) : null}
        errorTestId="cs-error"
        disabled={!changed || nameProblem !== null || daysProblem !== null}
        pending={save.isPending}
        submitLabel="Save changes"
        pendingLabel="Saving…"
      />
    </form>
  );
}
