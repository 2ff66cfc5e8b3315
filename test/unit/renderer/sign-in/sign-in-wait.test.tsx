// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInMethods } from '../../../../renderer/src/features/sign-in/SignInMethods';
import { apiError } from '../fake-bridge';
import { setup } from '../render-helpers';

afterEach(cleanup);

const FARID = 'farid@northwind.example';
const ADA = 'ada@northwind.example';

/** The email and password form, with a server that keeps Farid waiting and lets everyone else in. */
function renderPasswordForm() {
  const { bridge, render } = setup();
  const tried: string[] = [];
  bridge.accounts.signInWithPassword = async ({ username }) => {
    tried.push(username);
    if (username === FARID)
      return {
        ok: false,
        error: { ...apiError('RATE_LIMIT_HIT', 'rate limit', { 'retry-after': 51 }), status: 429 },
      };
    return { ok: false, error: apiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect') };
  };
  render(
    <SignInMethods
      serverUrl="https://chat.example.com"
      settings={{ result: 'success', msg: '' }}
      onSignedIn={() => undefined}
    />,
  );
  const signInAs = (email: string) => {
    fireEvent.change(screen.getByTestId('password-email'), { target: { value: email } });
    fireEvent.change(screen.getByTestId('password'), { target: { value: 'secret' } });
  };
  return { tried, signInAs };
}

describe('the wait after too many sign-in attempts', () => {
  it('holds the username it was given for, and lets another sign in at once', async () => {
    const { tried, signInAs } = renderPasswordForm();
    signInAs(FARID);
    fireEvent.submit(screen.getByTestId('password-form'));
    const error = await screen.findByText(/Too many sign-in attempts\. You can try again in 51 seconds\./);
    await waitFor(() => expect(screen.getByTestId('password-submit')).toHaveProperty('disabled', true));

    signInAs(ADA);
    expect(screen.getByTestId('password-submit')).toHaveProperty('disabled', false);
    expect(error.textContent).toContain(`${FARID} can try again in`);
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(screen.getByTestId('password-error').textContent).toContain('do not match'));
    expect(tried).toEqual([FARID, ADA]);
  });

  it('holds the username again when it is typed back, whatever its case', async () => {
    const { signInAs } = renderPasswordForm();
    signInAs(FARID);
    fireEvent.submit(screen.getByTestId('password-form'));
    await screen.findByText(/You can try again in/);
    await waitFor(() => expect(screen.getByTestId('password-submit')).toHaveProperty('disabled', true));
    signInAs(ADA);
    expect(screen.getByTestId('password-submit')).toHaveProperty('disabled', false);
    signInAs(` ${FARID.toUpperCase()}`);
    expect(screen.getByTestId('password-submit')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('password-error').textContent).toContain('You can try again in');
  });
});
