// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../../shared/ipc';
import { useOutboxStore } from '../../../../renderer/src/features/outbox/outbox-store';
import { AccountSwitcher } from '../../../../renderer/src/features/sign-in/AccountSwitcher';
import { accountLabel } from '../../../../renderer/src/features/sign-in/account-label';
import { setup } from '../render-helpers';

afterEach(() => {
  cleanup();
  useOutboxStore.getState().setSnapshot({ accountId: null, entries: [] });
});

const unsent = (localId: string): OutboxEntry => ({
  localId,
  destination: { type: 'channel', streamId: 1, topic: 't' },
  content: 'not yet',
  createdAt: 0,
  state: 'waiting',
  attempts: 1,
  mayBeOnServer: true,
});

describe('AccountSwitcher', () => {
  it('asks before removing an account, saying what unsent messages would be lost', async () => {
    const { bridge, render } = setup();
    bridge.accountList = [
      {
        id: 'a1',
        serverUrl: 'https://chat.example.com',
        email: 'ada@x.example',
        realmName: 'R',
        realmIcon: null,
        featureLevel: 400,
      },
    ];
    bridge.activeId = 'a1';
    const removed: string[] = [];
    bridge.accounts.remove = async (id: string) => {
      removed.push(id);
    };
    useOutboxStore.getState().setSnapshot({ accountId: 'a1', entries: [unsent('l1'), unsent('l2')] });
    render(<AccountSwitcher />);
    fireEvent.click(await screen.findByTestId('remove-ada@x.example'));
    expect(screen.getByTestId('remove-warning-ada@x.example').textContent).toContain(
      '2 messages not yet sent will be lost.',
    );
    expect(removed).toEqual([]);
    // Keep, from the keyboard: its question goes, and the focus goes back to Remove.
    const keep = screen.getByText('Keep');
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(screen.queryByTestId('confirm-remove-ada@x.example')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('remove-ada@x.example'));
    fireEvent.click(screen.getByTestId('remove-ada@x.example'));
    fireEvent.click(screen.getByTestId('confirm-remove-ada@x.example'));
    await waitFor(() => expect(removed).toEqual(['a1']));
  });
});

describe('AccountSwitcher, another account than the active one', () => {
  it('says what removing it would throw away, from main’s count of its outbox', async () => {
    const { bridge, render } = setup();
    const account = (id: string, email: string, unsentMessages: number) => ({
      id,
      serverUrl: 'https://chat.example.com',
      email,
      realmName: 'R',
      realmIcon: null,
      featureLevel: 400,
      unsentMessages,
    });
    bridge.accountList = [account('a1', 'ada@x.example', 0), account('d1', 'dmitri@x.example', 0)];
    bridge.activeId = 'd1';
    useOutboxStore.getState().setSnapshot({ accountId: 'd1', entries: [] });
    render(<AccountSwitcher />);
    await screen.findByTestId('remove-ada@x.example');
    // Ada queued a message since the list was first read: asking to remove her reads it again.
    bridge.accountList = [account('a1', 'ada@x.example', 1), account('d1', 'dmitri@x.example', 0)];
    fireEvent.click(screen.getByTestId('remove-ada@x.example'));
    await waitFor(() =>
      expect(screen.getByTestId('remove-warning-ada@x.example').textContent).toContain(
        '1 message not yet sent will be lost.',
      ),
    );
  });
});

describe('AccountSwitcher, adding an account', () => {
  it('is a modal dialog with the focus in it; Esc leaves it for the list of accounts', async () => {
    const { render } = setup();
    render(<AccountSwitcher />);
    fireEvent.click(await screen.findByTestId('add-account'));
    expect(screen.getByTestId('add-account-overlay')).toBeTruthy();
    // A dialog of its own, with the focus in it: not on the app hidden behind.
    const dialog = screen.getByRole('dialog', { name: 'Add an account' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('add-account-overlay')).toBeNull());
    expect(screen.getByTestId('add-account')).toBeTruthy();
  });
});

describe('AccountSwitcher, one person in two organizations', () => {
  const ada = (id: string, serverUrl: string, realmName: string) => ({
    id,
    serverUrl,
    email: 'ada@northwind.example',
    realmName,
    realmIcon: null,
    featureLevel: 400,
  });

  it('names each with its organization, so Remove says which one and removes that one', async () => {
    const { bridge, render } = setup();
    bridge.accountList = [
      ada('a1', 'https://labs.northwind.example', 'Northwind Labs'),
      ada('a2', 'https://research.northwind.example', 'Northwind Research'),
    ];
    bridge.activeId = 'a1';
    const removed: string[] = [];
    bridge.accounts.remove = async (id: string) => {
      removed.push(id);
    };
    render(<AccountSwitcher />);
    const research = await screen.findByRole('button', {
      name: 'Remove ada@northwind.example (Northwind Research)',
    });
    expect(screen.getByRole('button', { name: 'Remove ada@northwind.example (Northwind Labs)' })).not.toBe(
      research,
    );
    expect(research.dataset.testid).toBe('remove-ada@northwind.example (Northwind Research)');
    fireEvent.click(research);
    fireEvent.click(screen.getByTestId('confirm-remove-ada@northwind.example (Northwind Research)'));
    await waitFor(() => expect(removed).toEqual(['a2']));
  });

  it('names them by server when the organizations’ names are the same too; an email of its own alone', () => {
    const one = ada('a1', 'https://chat.one.example', 'Northwind');
    const two = ada('a2', 'https://chat.two.example:8443', 'Northwind');
    const ben = { ...one, id: 'b1', email: 'ben@northwind.example' };
    expect(accountLabel(one, [one, two, ben])).toBe('ada@northwind.example (chat.one.example)');
    expect(accountLabel(two, [one, two, ben])).toBe('ada@northwind.example (chat.two.example:8443)');
    expect(accountLabel(ben, [one, two, ben])).toBe('ben@northwind.example');
    expect(accountLabel(one, [one])).toBe('ada@northwind.example');
  });
});
