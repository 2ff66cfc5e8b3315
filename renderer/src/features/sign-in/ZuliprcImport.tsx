import type { SignedInAccount } from '../../../../shared/ipc';
import { useRef } from 'react';
import { useBridge } from '../../app/bridge-context';
import { SignInError } from './SignInError';
import { useSignInAttempt } from './useSignInAttempt';

/** Far larger than any real zuliprc file (a few lines); the main process refuses more anyway. */
const MAX_FILE_BYTES = 64 * 1024;

/**
 * A zuliprc-style file (`[api]` with `email`, `key`, `site`), as the real service hands keys out.
 * Its text goes straight to the main process, which reads it and adds the account: it is never
 * kept in the renderer's state, and the file picker is cleared after each try.
 */
export function ZuliprcImport({ onSignedIn }: { onSignedIn: (account: SignedInAccount) => void }) {
  const bridge = useBridge();
  const input = useRef<HTMLInputElement>(null);
  const attempt = useSignInAttempt(onSignedIn);

  const importFile = (file: File | undefined) => {
    if (!file) return;
    void attempt.run(async () => {
      try {
        if (file.size > MAX_FILE_BYTES) return tooLarge();
        return await bridge.accounts.importZuliprc(await file.text());
      } finally {
        if (input.current) input.current.value = '';
      }
    });
  };

  return (
    <div className="form-row" data-testid="zuliprc-form">
      <label htmlFor="zuliprc-file">zuliprc file</label>
      <input
        ref={input}
        id="zuliprc-file"
        data-testid="zuliprc-file"
        type="file"
        disabled={attempt.pending}
        onChange={(e) => importFile(e.target.files?.[0])}
      />
      <p className="muted small">
        The file's <code>[api]</code> section names the server, your email and your API key; the address above
        is not used.
      </p>
      {attempt.pending && <p className="muted small">Signing in…</p>}
      {attempt.failure && (
        <SignInError key={attempt.failure.attempt} error={attempt.failure.error} testId="zuliprc-error" />
      )}
    </div>
  );
}

function tooLarge() {
  return {
    ok: false as const,
    error: {
      kind: 'api' as const,
      status: 0,
      code: 'CLIENT_INVALID_ZULIPRC',
      msg: 'This file is too large to be a zuliprc file.',
      extra: {},
    },
  };
}
