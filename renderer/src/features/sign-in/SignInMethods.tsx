import type { SignedInAccount } from '../../../../shared/ipc';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { offersPasswordSignIn } from '../../../../shared/api/server-rules';
import type { ServerSettings } from '../../../../shared/api/server';
import { ApiKeySignIn } from './ApiKeySignIn';
import { PasswordSignIn } from './PasswordSignIn';
import { ZuliprcImport } from './ZuliprcImport';

type Method = 'password' | 'api-key' | 'zuliprc';

/** Short tab labels, and what each tab does in full (its accessible name and tooltip). */
const LABELS: Record<Method, { short: string; full: string }> = {
  password: { short: 'Email and password', full: 'Sign in with email and password' },
  'api-key': { short: 'API key', full: 'Sign in with an API key' },
  zuliprc: { short: 'zuliprc file', full: 'Import a zuliprc-style file' },
};

/** Where each arrow key, Home and End move in the tab list (wrapping round at the ends). */
const TAB_MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * The ways in that the server's public settings allow: email and password where it takes passwords,
 * and always an API key or a zuliprc file. The tabs are one Tab stop, moved along with the arrow
 * keys (each choosing its method); the first field of the first method has the focus once the
 * server has answered, so the person types their email next.
 */
export function SignInMethods({
  serverUrl,
  settings,
  onSignedIn,
}: {
  serverUrl: string;
  settings: ServerSettings;
  onSignedIn: (account: SignedInAccount) => void;
}) {
  const passwords = offersPasswordSignIn(settings);
  const methods: Method[] = passwords ? ['password', 'api-key', 'zuliprc'] : ['api-key', 'zuliprc'];
  const [chosen, setChosen] = useState<Method>(methods[0]!);
  const method = methods.includes(chosen) ? chosen : methods[0]!;
  // Who is signing in stays when the method changes; passwords and keys stay with their own form.
  const [email, setEmail] = useState('');
  const tabs = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
  }, []);

  const moveTab = (e: KeyboardEvent) => {
    const move = TAB_MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    const next = methods[move(methods.indexOf(method), methods.length)]!;
    setChosen(next);
    tabs.current?.querySelector<HTMLElement>(`#method-tab-${next}`)?.focus();
  };

  return (
    <section className="sign-in-methods" aria-label="How to sign in">
      <div ref={tabs} className="method-tabs" role="tablist" aria-label="Sign-in method" onKeyDown={moveTab}>
        {methods.map((m) => (
          <button
            key={m}
            id={`method-tab-${m}`}
            type="button"
            role="tab"
            aria-selected={m === method}
            aria-controls="method-panel"
            tabIndex={m === method ? 0 : -1}
            className={`method-tab${m === method ? ' active' : ''}`}
            data-testid={`method-${m}`}
            title={LABELS[m].full}
            aria-label={LABELS[m].full}
            onClick={() => setChosen(m)}
          >
            {LABELS[m].short}
          </button>
        ))}
      </div>
      {!passwords && (
        <p className="muted small" data-testid="no-password-sign-in">
          This organization does not take passwords here.
        </p>
      )}
      <div ref={panel} role="tabpanel" id="method-panel" aria-labelledby={`method-tab-${method}`}>
        {method === 'password' && (
          <PasswordSignIn
            serverUrl={serverUrl}
            usernameIsEmail={settings.require_email_format_usernames ?? true}
            username={email}
            setUsername={setEmail}
            onSignedIn={onSignedIn}
          />
        )}
        {method === 'api-key' && (
          <ApiKeySignIn serverUrl={serverUrl} email={email} setEmail={setEmail} onSignedIn={onSignedIn} />
        )}
        {method === 'zuliprc' && <ZuliprcImport onSignedIn={onSignedIn} />}
      </div>
    </section>
  );
}
