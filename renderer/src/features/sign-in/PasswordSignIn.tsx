import type { SignedInAccount } from '../../../../shared/ipc';
import { useState, type FormEvent } from 'react';
import { useBridge } from '../../app/bridge-context';
import { SignInSubmit } from './SignInSubmit';
import { useSignInAttempt } from './useSignInAttempt';

/**
 * Email (or username) and password. The password goes to the main process once, which exchanges it
 * for an API key; the field is emptied as the call starts, so the renderer keeps it no longer.
 */
export function PasswordSignIn({
  serverUrl,
  usernameIsEmail,
  username,
  setUsername,
  onSignedIn,
}: {
  serverUrl: string;
  /** False where the server takes a directory username rather than an email (LDAP). */
  usernameIsEmail: boolean;
  /** The sign-in screen's email or username, kept when the person switches method. */
  username: string;
  setUsername: (username: string) => void;
  onSignedIn: (account: SignedInAccount) => void;
}) {
  const bridge = useBridge();
  const [password, setPassword] = useState('');
  const attempt = useSignInAttempt(onSignedIn);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const secret = password;
    setPassword('');
    void attempt.run(
      () => bridge.accounts.signInWithPassword({ serverUrl, username, password: secret }),
      username,
    );
  };

  return (
    <form onSubmit={submit} className="form-grid" data-testid="password-form">
      <label htmlFor="password-username">{usernameIsEmail ? 'Email' : 'Username or email'}</label>
      <input
        id="password-username"
        data-testid="password-email"
        type={usernameIsEmail ? 'email' : 'text'}
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        required
      />
      <label htmlFor="password-input">Password</label>
      <input
        id="password-input"
        data-testid="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <SignInSubmit
        attempt={attempt}
        username={username}
        submitTestId="password-submit"
        errorTestId="password-error"
      />
    </form>
  );
}
