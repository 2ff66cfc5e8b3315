import { useEffect, type ReactNode } from 'react';
import { lazyComponent, LazyBoundary } from '../components/lazy';
import { Loading } from '../components/states';
import { forgetTypedAhead, keepTypedAhead } from '../components/type-ahead';
import { useDialogStore } from '../state/dialogs';

// The dialogs open on a click or a key, never on the first screen: each is a chunk of its own,
// loaded when it first opens, or before (ChatShell preloads them all once the app is idle).

export const EditMessageDialog = lazyComponent(() =>
  import('../features/edit-message/EditMessageDialog').then((m) => m.EditMessageDialog),
);
export const EditHistoryDialog = lazyComponent(() =>
  import('../features/edit-history/EditHistoryDialog').then((m) => m.EditHistoryDialog),
);
export const MessageSourceDialog = lazyComponent(() =>
  import('../features/message-actions/MessageSourceDialog').then((m) => m.MessageSourceDialog),
);
export const DeleteMessageDialog = lazyComponent(() =>
  import('../features/message-actions/DeleteMessageDialog').then((m) => m.DeleteMessageDialog),
);
export const DeleteTopicDialog = lazyComponent(() =>
  import('../features/topics/DeleteTopicDialog').then((m) => m.DeleteTopicDialog),
);
export const ChannelSettingsDialog = lazyComponent(() =>
  import('../features/channel-settings/ChannelSettingsDialog').then((m) => m.ChannelSettingsDialog),
);
export const NewDmDialog = lazyComponent(() =>
  import('../features/direct-messages/NewDmDialog').then((m) => m.NewDmDialog),
);
export const BrowseChannels = lazyComponent(() =>
  import('../features/channels/BrowseChannels').then((m) => m.BrowseChannels),
);
export const CreateChannelDialog = lazyComponent(() =>
  import('../features/channels/CreateChannelDialog').then((m) => m.CreateChannelDialog),
);
export const AccountSwitcher = lazyComponent(() =>
  import('../features/sign-in/AccountSwitcher').then((m) => m.AccountSwitcher),
);
export const MarkAllReadDialog = lazyComponent(() =>
  import('../features/flags/MarkAllReadDialog').then((m) => m.MarkAllReadDialog),
);
export const KeyboardHelp = lazyComponent(() =>
  import('../features/keyboard/KeyboardHelp').then((m) => m.KeyboardHelp),
);
export const QuickSwitcher = lazyComponent(() =>
  import('../features/keyboard/QuickSwitcher').then((m) => m.QuickSwitcher),
);

/**
 * A lazy dialog in its loading frame: the backdrop and an empty dialog box while its chunk loads
 * (Esc or the backdrop still close it; focus stays where it was until the dialog takes it, and
 * the letters typed meanwhile are kept for its first field), and the
 * failure with Retry in the same box.
 */
export function LazyDialog({ children }: { children: ReactNode }) {
  return (
    <LazyBoundary
      fallback={<DialogFrame busy>{<Loading />}</DialogFrame>}
      frame={(content) => <DialogFrame>{content}</DialogFrame>}
    >
      {children}
    </LazyBoundary>
  );
}

function DialogFrame({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  const close = useDialogStore((s) => s.close);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);
  // Letters typed while the code loads are the dialog's (its field gets them), not the page's.
  useEffect(() => {
    forgetTypedAhead();
    if (!busy) return;
    window.addEventListener('keydown', keepTypedAhead, true);
    return () => window.removeEventListener('keydown', keepTypedAhead, true);
  }, [busy]);
  return (
    <div
      className="dialog-backdrop"
      data-testid="dialog-loading"
      onMouseDown={(e) => e.target === e.currentTarget && close()}
    >
      <div className="dialog" role="dialog" aria-modal="true" aria-busy={busy} aria-label="Loading">
        <div className="dialog-body">{children}</div>
      </div>
    </div>
  );
}
