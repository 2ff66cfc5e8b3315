import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { ChatBridge } from '../../../shared/ipc';
import { bridgeForAccount } from '../api/call';
import { useComposeStore } from './compose';
import { useDialogStore } from './dialogs';
import { useMessageSelection } from './message-selection';
import { useNarrowStore } from './narrow';
import { showNotice, useNoticeStore } from './notice';
import { useTypingStore } from './typing';
import { useUploadsStore } from '../features/uploads/uploads-store';
import { useMessagePopover } from './message-popover';
import { useExpandedMessages } from '../features/messages/long-message';
import { forgetLocalDrafts } from '../features/drafts/local-drafts';
import { forgetKeptEdits } from '../features/edit-message/kept-edits';
import { useScheduledEditing } from '../features/scheduled/scheduled-editing';

/**
 * Client state belongs to one account. The stores are module singletons, so whenever the active
 * account changes (switcher, sign-in, main switching after a notification click) their contents
 * are swapped: what the user was doing in one account (unsent text, the open conversation) is put
 * aside and comes back when they return, and nothing of it shows under another account's name.
 */
type AnyStore = UseBoundStore<StoreApi<object>>;

/** Kept per account and restored on return. */
const KEPT_PER_ACCOUNT: AnyStore[] = [
  useComposeStore,
  // Which compose boxes hold a scheduled message to edit: that account's ids, with its boxes' text.
  useScheduledEditing,
  // Files still going up into those boxes, or refused: shown (and waited for) again on return.
  useUploadsStore,
  useNarrowStore,
  useMessageSelection,
];
/**
 * Meaningful only for the session in front of the user: start empty on every change. (The
 * connection status is not here: main reports the active account's loop, whichever it is.)
 */
const RESET_ON_CHANGE: AnyStore[] = [
  useDialogStore,
  useTypingStore,
  useMessagePopover,
  useExpandedMessages,
  useNoticeStore,
];

interface AccountScopeState {
  /** The account the stores currently hold state for; undefined before the first account is known. */
  accountId: string | null | undefined;
}

export const useAccountScope = create<AccountScopeState>(() => ({ accountId: undefined }));

const putAside = new Map<string, object[]>();

/** Makes the stores hold `accountId`'s state. Idempotent: calling it again for the same account does nothing. */
export function enterAccountScope(accountId: string | null): void {
  const previous = useAccountScope.getState().accountId;
  if (previous === accountId) return;
  // The first account of this page finds the stores as they start: nothing to swap.
  if (previous !== undefined) swapStores(previous, accountId);
  useAccountScope.setState({ accountId });
}

function swapStores(previous: string | null, accountId: string | null): void {
  if (previous)
    putAside.set(
      previous,
      KEPT_PER_ACCOUNT.map((store) => store.getState()),
    );
  const restored = accountId ? putAside.get(accountId) : undefined;
  KEPT_PER_ACCOUNT.forEach((store, i) => store.setState(restored?.[i] ?? store.getInitialState(), true));
  for (const store of RESET_ON_CHANGE) store.setState(store.getInitialState(), true);
  if (accountId) putAside.delete(accountId);
}

/**
 * An account removed from this computer leaves nothing behind: neither what was put aside for it
 * nor the text its drafts and unsaved edits kept in the page's storage.
 */
export function forgetAccountScope(accountId: string): void {
  putAside.delete(accountId);
  forgetLocalDrafts(accountId);
  forgetKeptEdits(accountId);
}

/**
 * Shows a notice under `accountId`: at once when it is the window's account, else as the window
 * enters it (changing accounts empties the notice line first). Dropped if another account comes
 * first.
 */
export function showNoticeFor(accountId: string, message: string): void {
  whenInAccount(accountId, () => showNotice(message));
}

/**
 * Runs `act` under `accountId`: at once when it is the window's account, else as the window
 * enters it, once its stores hold its state. Dropped if another account comes first.
 */
export function whenInAccount(accountId: string, act: () => void): void {
  if (currentAccountScope() === accountId) return act();
  const stop = useAccountScope.subscribe(({ accountId: entered }) => {
    stop();
    if (entered === accountId) act();
  });
}

/**
 * `bridge` with its calls for the account the window shows now: one that reaches main after main
 * made another account active (a click in the moment before the window followed) is refused
 * rather than sent for the other account.
 */
export function bridgeForShownAccount(bridge: ChatBridge): ChatBridge {
  const accountId = currentAccountScope();
  return accountId ? bridgeForAccount(bridge, accountId) : bridge;
}

/** The account whose state the stores hold now (null: none signed in). */
export function currentAccountScope(): string | null {
  return useAccountScope.getState().accountId ?? null;
}

/**
 * One store's state for a given account, wherever that state is now: the store's when the account
 * is current, else what was put aside for it (undefined: nothing is kept for it).
 */
export function stateForAccount<T extends object>(
  accountId: string | null,
  store: UseBoundStore<StoreApi<T>>,
): T | undefined {
  if (accountId === currentAccountScope()) return store.getState();
  const aside = accountId ? putAside.get(accountId) : undefined;
  const index = KEPT_PER_ACCOUNT.indexOf(store as unknown as AnyStore);
  return aside && index >= 0 ? (aside[index] as T) : undefined;
}

/**
 * Changes one store's state for a given account, wherever that state is now: in the store when
 * the account is current, else in what was put aside for it (e.g. a send that finishes after the
 * user switched away clears the box it came from, not the same conversation in another account).
 */
export function updateForAccount<T extends object>(
  accountId: string | null,
  store: UseBoundStore<StoreApi<T>>,
  update: (state: T) => Partial<T>,
): void {
  if (accountId === currentAccountScope()) {
    store.setState(update(store.getState()));
    return;
  }
  const aside = accountId ? putAside.get(accountId) : undefined;
  const index = KEPT_PER_ACCOUNT.indexOf(store as unknown as AnyStore);
  if (!aside || index < 0) return;
  const state = aside[index] as T;
  aside[index] = { ...state, ...update(state) };
}
