import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { isUserSetting } from '../../../../shared/api/settings-table';
import type { EndpointParams } from '../../../../shared/api';
import { callApi, errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import { useBridge } from '../../app/bridge-context';
import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { ExternalImagesPreference } from './ExternalImagesPreference';
import { SettingsGroups } from './SettingsGroups';
import { useSettingsEditor } from './useSettingsEditor';

/** Spec 4.3: name, email and password, then every preference of column S. */
export function PersonalSettings() {
  const editor = useSettingsEditor('personal');
  return (
    <div className="settings-page" data-testid="personal-settings">
      <h2>Personal settings</h2>
      <p className="muted small">Changes apply as soon as you make them.</p>
      <AccountForm />
      <SettingsGroups editor={editor} include={isUserSetting} testPrefix="setting" />
      <ExternalImagesPreference />
    </div>
  );
}

function AccountForm() {
  const selfId = useSelfId();
  const users = useUsers();
  const self = selfId !== undefined ? users.get(selfId) : undefined;
  const registerName = useInitialState((s) => s.full_name);
  const deliveryEmail = useInitialState((s) => s.delivery_email ?? s.email);
  const fullName = self?.full_name ?? registerName ?? '';
  return (
    <section className="settings-group" aria-labelledby="account-title">
      <h3 id="account-title">Account</h3>
      <FullNameForm current={fullName} />
      <EmailForm current={self?.delivery_email ?? deliveryEmail ?? ''} />
      <PasswordForm />
    </section>
  );
}

function useSettingsCall() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (params: EndpointParams<'updateSettings'>) => callApi(bridge, 'updateSettings', params),
  });
}

function FullNameForm({ current }: { current: string }) {
  // What the person typed, until the server's name is that (saved here or elsewhere): a rename
  // arriving meanwhile from elsewhere does not replace it.
  const [typed, setTyped] = useState<string | null>(null);
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    if (typed !== null && typed.trim() === current) setTyped(null);
  }
  const name = typed ?? current;
  const setName = (value: string) => setTyped(value);
  const save = useSettingsCall();
  const failure = unmetError(save, (params) => params.full_name === current);
  // The server keeps the name trimmed: spaces around it change nothing.
  const unchanged = name.trim() === current;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || unchanged) return;
    save.mutate({ full_name: name.trim() });
  };
  return (
    <form className="account-form" onSubmit={submit}>
      <label className="field">
        <span>Full name</span>
        <span className="inline">
          <input
            data-testid="full-name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              save.reset();
            }}
          />
          <button
            type="submit"
            className="btn"
            data-testid="full-name-save"
            disabled={!name.trim() || unchanged || save.isPending}
          >
            {save.isPending ? 'Saving…' : 'Save name'}
          </button>
        </span>
      </label>
      {failure && (
        <p className="form-error" role="alert" data-testid="full-name-error">
          {errorText(failure)}
        </p>
      )}
    </form>
  );
}

function EmailForm({ current }: { current: string }) {
  const [email, setEmail] = useState('');
  const [requested, setRequested] = useState<string | null>(null);
  const save = useSettingsCall();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = email.trim();
    if (!next) return;
    save.mutate(
      { email: next },
      {
        onSuccess: () => {
          setRequested(next);
          setEmail('');
        },
      },
    );
  };
  return (
    <form className="account-form" onSubmit={submit}>
      <label className="field">
        <span>Email</span>
        <small className="muted">Current: {current || 'unknown'}</small>
        <span className="inline">
          <input
            type="email"
            data-testid="new-email"
            placeholder="New email address"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (save.isError) save.reset();
            }}
          />
          <button
            type="submit"
            className="btn"
            data-testid="email-save"
            disabled={!email.trim() || save.isPending}
          >
            Change email
          </button>
        </span>
      </label>
      {requested && (
        <p className="notice" role="status" data-testid="email-confirmation">
          Check your inbox at {requested}: the change takes effect once you click the confirmation link sent
          there.
        </p>
      )}
      {save.isError && (
        <p className="form-error" role="alert" data-testid="email-error">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}

function PasswordForm() {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const save = useSettingsCall();
  // A refusal ("Wrong password!") is about what was sent: it goes once the person edits.
  const edited = (set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    if (save.isError) save.reset();
  };
  const mismatch = repeat !== '' && repeat !== newPassword;
  const ready = oldPassword !== '' && newPassword !== '' && repeat === newPassword && !save.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setDone(false);
    save.mutate(
      { old_password: oldPassword, new_password: newPassword },
      {
        onSuccess: () => {
          setOld('');
          setNew('');
          setRepeat('');
          setDone(true);
        },
      },
    );
  };
  return (
    <form className="account-form password-form" onSubmit={submit} data-testid="password-form">
      <fieldset className="field">
        <legend>Password</legend>
        <div className="field-row">
          <label className="field">
            <span className="small">Current password</span>
            <input
              type="password"
              autoComplete="current-password"
              data-testid="old-password"
              value={oldPassword}
              onChange={edited(setOld)}
            />
          </label>
          <label className="field">
            <span className="small">New password</span>
            <input
              type="password"
              autoComplete="new-password"
              data-testid="new-password"
              value={newPassword}
              onChange={edited(setNew)}
            />
          </label>
          <label className="field">
            <span className="small">Repeat new password</span>
            <input
              type="password"
              autoComplete="new-password"
              data-testid="repeat-password"
              value={repeat}
              aria-invalid={mismatch || undefined}
              onChange={edited(setRepeat)}
            />
          </label>
        </div>
      </fieldset>
      <div className="inline">
        <button type="submit" className="btn" data-testid="password-save" disabled={!ready}>
          {save.isPending ? 'Changing…' : 'Change password'}
        </button>
        {oldPassword === '' && newPassword !== '' && (
          <span className="muted small">Your current password is needed to set a new one.</span>
        )}
        {mismatch && <span className="form-error">The new passwords differ.</span>}
        {done && (
          <span role="status" data-testid="password-done">
            Password changed.
          </span>
        )}
      </div>
      {save.isError && (
        <p className="form-error" role="alert" data-testid="password-error">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}
