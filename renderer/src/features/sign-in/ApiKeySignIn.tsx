import type { SignedInAccount } from '../../../../shared/ipc';
import { useState, type FormEvent } from 'react';
import { useBridge } from '../../app/bridge-context';
import { SignInSubmit } from './SignInSubmit';
import { useSignInAttempt } from './useSignInAttempt';

/**
 * Email and API key, for people who copied a key from the organization's settings. The email is
 * the sign-in screen's (kept when the person switches method); the key is this form's alone.
 */
export function ApiKeySignIn({
  serverUrl,
  email,
  setEmail,
  onSignedIn,
}: {
  serverUrl: string;
  email: string;
  setEmail: (email: string) => void;
  onSignedIn: (account: SignedInAccount) => void;
}) {
  const bridge = useBridge();
  const [apiKey, setApiKey] = useState('');
  const attempt = useSignInAttempt(onSignedIn);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = apiKey;
    setApiKey('');
    void attempt.run(() => bridge.accounts.add({ serverUrl, email, apiKey: key }), email);
  };

  return (
    <form onSubmit={submit} className="form-grid" data-testid="api-key-form">
      <label htmlFor="email">Email</label>
      <input
        id="email"
        data-testid="email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <label htmlFor="api-key">API key</label>
      <input
        id="api-key"
        data-testid="api-key"
        type="password"
        autoComplete="off"
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        required
      />
      <SignInSubmit
        attempt={attempt}
        username={email}
        submitTestId="sign-in-submit"
        errorTestId="sign-in-error"
      />
    </form>
  );
}
