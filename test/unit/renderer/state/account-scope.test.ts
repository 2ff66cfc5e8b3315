import { beforeEach, describe, expect, it } from 'vitest';
import {
  enterAccountScope,
  forgetAccountScope,
  updateForAccount,
  useAccountScope,
} from '../../../../renderer/src/state/account-scope';
import { useComposeStore, withoutDraft } from '../../../../renderer/src/state/compose';
import { useDialogStore } from '../../../../renderer/src/state/dialogs';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { useTypingStore } from '../../../../renderer/src/state/typing';

const general = { kind: 'channel', streamId: 1 } as const;

describe('client state per account', () => {
  beforeEach(() => {
    // A fresh page: no account seen yet, stores as they start.
    useAccountScope.setState({ accountId: undefined });
    useComposeStore.setState(useComposeStore.getInitialState(), true);
    useNarrowStore.setState(useNarrowStore.getInitialState(), true);
    useDialogStore.setState(useDialogStore.getInitialState(), true);
    useTypingStore.setState(useTypingStore.getInitialState(), true);
    forgetAccountScope('a');
    forgetAccountScope('b');
  });

  it('does not carry unsent text or the open conversation to another account, and brings them back on return', () => {
    enterAccountScope('a');
    useComposeStore.getState().setText('channel:1', 'half a sentence for A');
    useComposeStore.getState().setTopic('channel:1', 'plans');
    useNarrowStore.getState().select(general);

    enterAccountScope('b');
    expect(useComposeStore.getState().drafts).toEqual({});
    expect(useComposeStore.getState().topics).toEqual({});
    expect(useNarrowStore.getState().narrow).toBeNull();
    useComposeStore.getState().setText('channel:1', 'B writes here');

    enterAccountScope('a');
    expect(useComposeStore.getState().drafts).toEqual({ 'channel:1': 'half a sentence for A' });
    expect(useComposeStore.getState().topics).toEqual({ 'channel:1': 'plans' });
    expect(useNarrowStore.getState().narrow).toEqual(general);

    enterAccountScope('b');
    expect(useComposeStore.getState().drafts).toEqual({ 'channel:1': 'B writes here' });
  });

  it('closes dialogs and forgets typists when the account changes, not when the same account is entered again', () => {
    enterAccountScope('a');
    useDialogStore.getState().open({ kind: 'new-dm' });
    useTypingStore
      .getState()
      .apply([{ op: 'start', key: 'dm:2', userId: 2, expiresAt: Date.now() + 10_000 }]);
    enterAccountScope('a');
    expect(useDialogStore.getState().dialog).toEqual({ kind: 'new-dm' });
    enterAccountScope('b');
    expect(useDialogStore.getState().dialog).toBeNull();
    expect(useTypingStore.getState().typists).toEqual({});
  });

  it('keeps what the first account of the page already holds', () => {
    useComposeStore.getState().setText('dm:2', 'typed before the account was known');
    enterAccountScope('a');
    expect(useComposeStore.getState().drafts['dm:2']).toBe('typed before the account was known');
  });

  it('lands a late change on the account it belongs to', () => {
    enterAccountScope('a');
    useComposeStore.getState().setText('channel:1', 'sent from A');
    enterAccountScope('b');
    useComposeStore.getState().setText('channel:1', 'sent from A');
    // A's send answers after the switch: A's box empties, B's identical text stays.
    updateForAccount('a', useComposeStore, (s) => withoutDraft(s.drafts, 'channel:1'));
    expect(useComposeStore.getState().drafts['channel:1']).toBe('sent from A');
    enterAccountScope('a');
    expect(useComposeStore.getState().drafts['channel:1']).toBeUndefined();
  });

  it('forgets a removed account', () => {
    enterAccountScope('a');
    useComposeStore.getState().setText('channel:1', 'secret');
    enterAccountScope('b');
    forgetAccountScope('a');
    enterAccountScope('a');
    expect(useComposeStore.getState().drafts).toEqual({});
  });
});
