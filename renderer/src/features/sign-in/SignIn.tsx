import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiCallError } from '../../../../shared/failures';
import { featureLevelOf } from '../../../../shared/api/server-rules';
import type { ServerSettings } from '../../../../shared/api/server';
import { MIN_FEATURE_LEVEL, type SignedInAccount } from '../../../../shared/ipc';
import { serverCheckFailure, signInFailure } from './sign-in-errors';
import { useBridge } from '../../app/bridge-context';
import { SafeHtml, setServerBase } from '../../components/SafeHtml';
import { showNoticeFor } from '../../state/account-scope';
import { DemoAccountList } from './DemoAccountList';
import { SignInMethods } from './SignInMethods';
import { signInMethodNames } from './sign-in-method-names';

/**
 * Sign-in: server URL → the server's public settings → the sign-in methods it offers (email and
 * password, an API key, a zuliprc file), or one click per demo account when the app runs on the
 * embedded demo server. Passwords and keys go straight to the main process.
 */
export function SignIn({ onCancel, onDone }: { onCancel?: () => void; onDone?: () => void }) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const demo = useQuery({ queryKey: ['accounts', 'demo'], queryFn: () => bridge.accounts.demo() });
  const [serverUrl, setServerUrl] = useState('');
  /** Continue was pressed with no address typed. */
  const [urlMissing, setUrlMissing] = useState(false);
  const urlField = useRef<HTMLInputElement>(null);
  const [settings, setSettings] = useState<{ url: string; value: ServerSettings } | null>(null);
  // The first field has the focus, once the demo accounts above it are drawn (focusing brings it
  // into view, which it may no longer be after they are).
  useEffect(() => {
    if (!demo.isPending) urlField.current?.focus();
  }, [demo.isPending]);

  const signedIn = useCallback(
    async (account: SignedInAccount) => {
      // Main made it the active account either way; this says why nothing new appeared.
      if (account.alreadySignedIn)
        showNoticeFor(
          account.id,
          `Already signed in as ${account.email} on ${account.realmName}; that account is open.`,
        );
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      onDone?.();
    },
    [queryClient, onDone],
  );

  const probe = useMutation({
    mutationFn: async (url: string) => {
      const result = await bridge.accounts.probeServer(url);
      if (!result.ok) throw new ApiCallError(result.error);
      // The address that answered: what was typed, made whole (a page's address, a missing https://).
      return { url: result.value.serverUrl, value: result.value.settings };
    },
  });
  const addDemo = useMutation({
    mutationFn: async (demoEmail: string) => {
      const result = await bridge.accounts.addDemo(demoEmail);
      if (!result.ok) throw new ApiCallError(result.error);
      return result.value;
    },
    onSuccess: signedIn,
  });

  // Another server means a clean form: no settings, credentials or errors from the previous one
  // (the sign-in forms are unmounted with the settings, and their state with them).
  const startOver = () => {
    setSettings(null);
    probe.reset();
  };

  const submitUrl = (e: FormEvent) => {
    e.preventDefault();
    if (!serverUrl.trim()) {
      setUrlMissing(true);
      urlField.current?.focus();
      return;
    }
    // Given to mutate rather than useMutation: a check given up (the address edited, or Stop)
    // shows nothing when its answer comes after all.
    probe.mutate(serverUrl.trim(), {
      onSuccess: (found) => {
        setServerBase(found.url);
        setSettings(found);
      },
    });
  };
  const stopChecking = () => {
    probe.reset();
    urlField.current?.focus();
  };

  const s = settings?.value;
  const tooOld = s !== undefined && featureLevelOf(s) < MIN_FEATURE_LEVEL;
  return (
    <main className="sign-in" data-testid="sign-in">
      <div className="sign-in-card">
        <h1>Sign in to Team Chat</h1>

        {demo.data && demo.data.accounts.length > 0 && (
          <section className="demo-accounts" aria-label="Demo accounts">
            <h2>Demo organization</h2>
            <p className="muted">
              Running on the embedded server at {demo.data.serverUrl}. Pick a person, or enter that address
              below and sign in with their email and password:
            </p>
            <DemoAccountList
              accounts={demo.data.accounts}
              disabled={addDemo.isPending}
              onPick={(email) => addDemo.mutate(email)}
            />
            {addDemo.isError && (
              <p className="form-error" role="alert">
                {signInFailure(addDemo.error).text}
              </p>
            )}
            <hr />
          </section>
        )}

        {/* noValidate: no address (or only spaces, which `required` lets through) gets the form's own message. */}
        <form onSubmit={submitUrl} className="form-row" noValidate>
          <label htmlFor="server-url">Organization URL</label>
          <div className="inline">
            <input
              ref={urlField}
              id="server-url"
              data-testid="server-url"
              type="text"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="chat.example.com"
              value={serverUrl}
              onChange={(e) => {
                setServerUrl(e.target.value);
                setUrlMissing(false);
                startOver();
              }}
              required
              aria-invalid={urlMissing || probe.isError}
              aria-describedby={urlMissing || probe.isError ? 'server-error' : undefined}
            />
            <button type="submit" className="btn" data-testid="server-continue" disabled={probe.isPending}>
              {probe.isPending ? 'Checking…' : 'Continue'}
            </button>
            {probe.isPending && (
              <button type="button" className="btn" data-testid="server-check-stop" onClick={stopChecking}>
                Stop
              </button>
            )}
          </div>
          {(urlMissing || probe.isError) && (
            <p className="form-error" role="alert" id="server-error" data-testid="server-error">
              {urlMissing
                ? 'Enter your organization’s URL, for example chat.example.com.'
                : serverCheckFailure(probe.error, probe.variables ?? serverUrl.trim())}
            </p>
          )}
        </form>

        {s && (
          <>
            <section className="realm-card" data-testid="realm-card">
              {s.realm_icon && (
                <img
                  src={resolveIcon(s.realm_icon, settings.url)}
                  alt=""
                  width={48}
                  height={48}
                  // An icon that does not load is left out rather than drawn as a broken image.
                  onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                />
              )}
              <div>
                <h2 data-testid="realm-name">{s.realm_name ?? settings.url}</h2>
                {s.realm_description && <SafeHtml className="realm-description" html={s.realm_description} />}
                <p className="muted small" data-testid="realm-version">
                  Version {s.service_version ?? 'unknown'} · feature level {s.service_feature_level ?? 0}
                </p>
                <p className="muted small" data-testid="auth-methods">
                  Sign-in methods: {signInMethodNames(s).join(', ') || 'none listed'}
                </p>
                {s.is_incompatible && (
                  <p className="form-error">This server considers this app incompatible.</p>
                )}
              </div>
            </section>
            {tooOld ? (
              <p className="form-error" role="alert" data-testid="server-too-old">
                This server is too old for this app: it reports feature level {featureLevelOf(s)}
                {s.service_version ? ` (version ${s.service_version})` : ''}, and the app needs{' '}
                {MIN_FEATURE_LEVEL} or newer. Ask the server&apos;s administrator to upgrade, or use another
                server.
              </p>
            ) : (
              <SignInMethods key={settings.url} serverUrl={settings.url} settings={s} onSignedIn={signedIn} />
            )}
          </>
        )}
        {onCancel && (
          <button type="button" className="btn btn-link" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </main>
  );
}

function resolveIcon(icon: string, base: string): string {
  try {
    return new URL(icon, base).toString();
  } catch {
    return icon;
  }
}
