// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignedInAccount } from '../../../../shared/ipc';
import { MainNotice } from '../../../../renderer/src/components/MainNotice';
import { SignIn } from '../../../../renderer/src/features/sign-in/SignIn';
import { enterAccountScope } from '../../../../renderer/src/state/account-scope';
import { useNoticeStore } from '../../../../renderer/src/state/notice';
import { setup } from '../render-helpers';

afterEach(() => {
  cleanup();
  useNoticeStore.getState().dismiss();
});

const ada = (id: string): SignedInAccount => ({
  id,
  serverUrl: 'https://chat.example.com',
  email: 'ada@northwind.example',
  realmName: 'Northwind',
  realmIcon: null,
  featureLevel: 400,
  alreadySignedIn: true,
});

/** "Add an account" as the switcher shows it, signing in as a demo person main already holds. */
async function addAgain(account: SignedInAccount) {
  const { bridge, render } = setup();
  bridge.accounts.demo = async () => ({
    serverUrl: account.serverUrl,
    accounts: [{ email: account.email, fullName: 'Ada Park', role: 100 }],
  });
  bridge.accounts.addDemo = async () => ({ ok: true, value: account });
  let done = 0;
  render(
    <>
      <SignIn onCancel={() => undefined} onDone={() => (done += 1)} />
      <MainNotice />
    </>,
  );
  fireEvent.click(await screen.findByTestId(`demo-account-${account.email}`));
  await waitFor(() => expect(done).toBe(1));
}

describe('adding an account that is already signed in', () => {
  it('says so when it is the account on screen', async () => {
    enterAccountScope('ada');
    await addAgain(ada('ada'));
    expect(screen.getByTestId('main-notice').textContent).toContain(
      'Already signed in as ada@northwind.example on Northwind; that account is open.',
    );
  });

  it('says so once the window has switched to it', async () => {
    enterAccountScope('ben');
    await addAgain(ada('ada-2'));
    expect(screen.queryByTestId('main-notice')).toBeNull();
    act(() => enterAccountScope('ada-2'));
    expect(screen.getByTestId('main-notice').textContent).toContain(
      'Already signed in as ada@northwind.example',
    );
  });
});
