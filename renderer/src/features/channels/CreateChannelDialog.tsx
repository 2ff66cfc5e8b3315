import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { EndpointParams } from '../../../../shared/api';
import { callApi, errorText, outcomeUnknown } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { viewTakesFocusOnOpen } from '../../app/view-takes-focus';
import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { Dialog, FormActions } from '../../components/Dialog';
import { RadioOptions } from '../../components/RadioOptions';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { UserPicker } from '../users/UserPicker';
import { useChannelIndex } from './hooks';
import { useChannelCreationRights } from './creation-rights';
import { channelNameProblem, createChannelParams, type NewChannel } from './create-channel';

const PRIVACY = [
  ['public', 'Public: anyone in the organization can find and join it'],
  ['private', 'Private: only people added to it can see it'],
] as const;

/**
 * A new channel (POST /users/me/subscriptions with a name no channel has): name, description,
 * public or private, and who is in it from the start. The server checks who may create which
 * kind; its refusal is shown and nothing typed is lost. Once the channel arrives (its subscription
 * event), the dialog opens it.
 */
export function CreateChannelDialog() {
  const bridge = useBridge();
  const close = useDialogStore((s) => s.close);
  const select = useNarrowStore((s) => s.select);
  const selfId = useSelfId();
  const users = useUsers();
  const known = useChannelIndex();
  const maxName = useInitialState((s) => s.max_stream_name_length);
  const maxDescription = useInitialState((s) => s.max_stream_description_length);
  const subscriptions = useInitialState((s) => s.subscriptions);
  const rights = useChannelCreationRights();
  const [form, setForm] = useState<NewChannel>({
    name: '',
    description: '',
    privacy: rights.public || !rights.private ? 'public' : 'private',
    historyForNewMembers: false,
    memberIds: [],
  });
  // The name whose channel the dialog opens once its subscription arrives: after a success, and
  // after a failure that may have made it all the same (a lost answer), not after a refusal.
  const [awaitedName, setAwaitedName] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (params: EndpointParams<'subscribe'>) => callApi(bridge, 'subscribe', params),
    onSuccess: (_data, params) => setAwaitedName(params.subscriptions[0]?.name ?? null),
    onError: (error, params) => {
      if (outcomeUnknown(error)) setAwaitedName(params.subscriptions[0]?.name ?? null);
    },
  });
  const problem = channelNameProblem(form.name, [...known.values()], maxName);
  // The organization's "who can create" for each kind: the server refuses the other.
  const notAllowed = new Set(PRIVACY.map(([privacy]) => privacy).filter((privacy) => !rights[privacy]));
  const privacyRefused = notAllowed.has(form.privacy);

  // The subscription add event puts the new channel in the sidebar; then open it.
  useEffect(() => {
    if (!awaitedName) return;
    const made = (subscriptions ?? []).find((s) => s.name.toLowerCase() === awaitedName.toLowerCase());
    if (!made) return;
    // The channel is where the person is going, not back to the button that opened the dialog.
    viewTakesFocusOnOpen();
    select({ kind: 'channel', streamId: made.stream_id });
    close();
  }, [awaitedName, subscriptions, select, close]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || privacyRefused || create.isPending || selfId === undefined) return;
    create.mutate(createChannelParams(form, selfId));
  };
  const toggle = (id: number) =>
    setForm((f) => ({
      ...f,
      memberIds: f.memberIds.includes(id) ? f.memberIds.filter((x) => x !== id) : [...f.memberIds, id],
    }));

  return (
    <Dialog title="Create channel" onClose={close} testId="create-channel-dialog" wide>
      <form className="create-channel" onSubmit={submit}>
        <label className="field">
          <span>Name</span>
          <input
            data-testid="new-channel-name"
            value={form.name}
            maxLength={maxName}
            onChange={(e) => {
              setForm({ ...form, name: e.target.value });
              create.reset();
              setAwaitedName(null);
            }}
          />
        </label>
        {/* Said once something is typed (spaces too): a new, empty form is not yet wrong. */}
        {problem && form.name !== '' && (
          <p className="form-error" data-testid="new-channel-name-problem">
            {problem}
          </p>
        )}
        <label className="field">
          <span>Description</span>
          <textarea
            data-testid="new-channel-description"
            rows={2}
            placeholder="What the channel is for (Markdown)"
            maxLength={maxDescription}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </label>
        <fieldset className="field">
          <legend>Who can see it</legend>
          <RadioOptions
            name="new-channel-privacy"
            testIdPrefix="new-channel-privacy-"
            value={form.privacy}
            options={PRIVACY}
            onChange={(privacy) => setForm({ ...form, privacy })}
            disabled={notAllowed}
          />
          {[...notAllowed].map((privacy) => (
            <p key={privacy} className="muted small" data-testid={`new-channel-${privacy}-not-allowed`}>
              You cannot create {privacy} channels in this organization.
            </p>
          ))}
          {form.privacy === 'private' && (
            <label className="check">
              <input
                type="checkbox"
                data-testid="new-channel-history"
                checked={form.historyForNewMembers}
                onChange={(e) => setForm({ ...form, historyForNewMembers: e.target.checked })}
              />
              People added later can read earlier messages
            </label>
          )}
        </fieldset>
        <fieldset className="field">
          <legend>Members from the start (you are one)</legend>
          <UserPicker selected={form.memberIds} onToggle={toggle} />
          <p className="muted small" data-testid="new-channel-members">
            {form.memberIds.length === 0
              ? 'Only you.'
              : `You and ${form.memberIds.map((id) => users.get(id)?.full_name ?? `user ${id}`).join(', ')}.`}
          </p>
        </fieldset>
        {create.isError && (
          <p className="form-error" role="alert" data-testid="new-channel-error">
            Not created: {errorText(create.error)}
          </p>
        )}
        {create.isSuccess && awaitedName && (
          <p className="notice" role="status">
            Created #{awaitedName}; opening it…
          </p>
        )}
        <FormActions
          sticky
          onCancel={close}
          submitLabel="Create channel"
          pendingLabel="Creating…"
          pending={create.isPending || create.isSuccess}
          disabled={problem !== null || privacyRefused}
          testId="create-channel-submit"
        />
      </form>
    </Dialog>
  );
}
