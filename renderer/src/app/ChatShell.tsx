import { useRef, type ReactNode } from 'react';
import type { AccountSummary } from '../../../shared/ipc';
import { Lightbox } from '../features/uploads/Lightbox';
import { narrowKey } from '../api/narrow';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { MainNotice } from '../components/MainNotice';
import { StaleDataNotice } from '../components/StaleDataNotice';
import { Empty, Loading } from '../components/states';
import { ChannelSidebar } from '../features/channels/ChannelSidebar';
import { DmSidebar } from '../features/direct-messages/DmSidebar';
import { useViewTakesFocusAfterClick } from './view-takes-focus';
import { useUnsyncedDraftsSync } from '../features/drafts/useUnsyncedDraftsSync';
import { useLocalDraftsFollowServer } from '../features/drafts/useLocalDraftsFollowServer';
import { useDraftsFollowMovedTopics } from '../features/drafts/drafts-follow-moves';
import { useNoteSentHere } from '../features/messages/select-sent';
import { ConversationView, DetailsPane } from '../features/messages/ConversationView';
import { SearchBox } from '../features/search/SearchBox';
import { SettingsButton, SettingsScreen } from '../features/settings/SettingsScreen';
import { OwnStatus } from '../features/status/OwnStatus';
import { NotificationPrompt } from '../features/notifications/NotificationPrompt';
import { useUnreadBadge } from '../features/notifications/unread-badge';
import { useDesktopNotifications } from '../features/notifications/useDesktopNotifications';
import { useConnectionStore } from '../state/connection';
import { HomeLinks } from '../features/home/HomeLinks';
import { useHomeWhenNothingShown } from '../features/home/open-home';
import { useRecordOpenConversation } from '../features/home/reopen-conversation';
import { InboxView } from '../features/inbox/InboxView';
import { useKeyboardShortcuts } from '../features/keyboard/useKeyboardShortcuts';
import { RecentView } from '../features/recent/RecentView';
import { useDialogStore, type OpenDialog } from '../state/dialogs';
import { useNarrowStore } from '../state/narrow';
import { useConversationFromAddressBar } from './address-bar';
import { useApplyUserSettings } from './apply-user-settings';
import { useSession } from './session';
import { useLaunchAnswers } from './launch-answers';
import { StarredCount } from './StarredCount';
import { useAccountLabel } from '../features/sign-in/account-label';
import {
  AccountSwitcher,
  BrowseChannels,
  ChannelSettingsDialog,
  CreateChannelDialog,
  EditHistoryDialog,
  EditMessageDialog,
  KeyboardHelp,
  LazyDialog,
  MarkAllReadDialog,
  MessageSourceDialog,
  DeleteMessageDialog,
  DeleteTopicDialog,
  NewDmDialog,
  QuickSwitcher,
} from './lazy-dialogs';
import { usePreloadWhenIdle } from './preload-when-idle';

function Dialogs() {
  const dialog = useDialogStore((s) => s.dialog);
  if (!dialog) return null;
  return <LazyDialog>{dialogFor(dialog)}</LazyDialog>;
}

function dialogFor(dialog: OpenDialog): ReactNode {
  switch (dialog.kind) {
    case 'edit-message':
      return <EditMessageDialog messageId={dialog.messageId} />;
    case 'edit-history':
      return <EditHistoryDialog messageId={dialog.messageId} />;
    case 'message-source':
      return <MessageSourceDialog messageId={dialog.messageId} />;
    case 'delete-message':
      return <DeleteMessageDialog messageId={dialog.messageId} />;
    case 'delete-topic':
      return <DeleteTopicDialog streamId={dialog.streamId} topic={dialog.topic} />;
    case 'channel-settings':
      return <ChannelSettingsDialog streamId={dialog.streamId} />;
    case 'new-dm':
      return <NewDmDialog />;
    case 'browse-channels':
      return <BrowseChannels />;
    case 'create-channel':
      return <CreateChannelDialog />;
    case 'accounts':
      return <AccountSwitcher />;
    case 'mark-all-read':
      return <MarkAllReadDialog scope={dialog.scope} />;
    case 'keyboard-help':
      return <KeyboardHelp />;
    case 'quick-switcher':
      return <QuickSwitcher />;
  }
}

/** The three-pane layout: channels/topics/DMs, the conversation, its details. */
export function ChatShell({ account }: { account: AccountSummary }) {
  const session = useSession();
  // The organization's name as the server says it now (realm events keep it current).
  const realmName = session.data?.initialState.realm_name ?? account.realmName;
  // Main's answers the first frame needs (the conversation to reopen, its kept messages).
  const launch = useLaunchAnswers(account.id, Boolean(session.data));
  const narrow = useNarrowStore((s) => s.narrow);
  const anchor = useNarrowStore((s) => s.anchor);
  const view = useNarrowStore((s) => s.view);
  const open = useDialogStore((s) => s.open);
  const accountName = useAccountLabel(account);
  const accountsOpen = useDialogStore((s) => s.dialog?.kind === 'accounts');
  const stopped = useConnectionStore((s) => s.status.state === 'fatal');
  // Theme, contrast, width, font size, line spacing (spec 4.6), and Esc to the home view.
  useApplyUserSettings();
  // Drafts typed during an outage reach the server when it is back, open compose box or not.
  useUnsyncedDraftsSync();
  useLocalDraftsFollowServer();
  useDraftsFollowMovedTopics();
  useNoteSentHere();
  useDesktopNotifications();
  // The keyboard shortcuts (? lists them).
  useKeyboardShortcuts();
  const sidebarRef = useRef<HTMLElement>(null);
  const viewRef = useRef<HTMLElement>(null);
  useViewTakesFocusAfterClick(sidebarRef, viewRef);
  useUnreadBadge(realmName);
  useConversationFromAddressBar(Boolean(session.data));
  // The app opens at the user's home view (web_home_view), and returns there when nothing is shown.
  useHomeWhenNothingShown(launch.settled, launch.lastOpen);
  // Drawn once the launch has opened something (useHomeWhenNothingShown, before paint): drawn
  // before, the shell's first render showed nothing and its commit measured the whole page, then a
  // second render drew the conversation and measured it all again, in the same frame.
  const shownYet = useNarrowStore((s) => s.shown);
  useRecordOpenConversation(account.id);
  // The dialogs and settings load in the background once the first screen is up: no one waits.
  usePreloadWhenIdle(Boolean(session.data));

  // The banner says why "connecting" lasts (unreachable server, revoked key) and offers Accounts.
  if (!session.data || !launch.settled || !shownYet)
    return (
      <>
        <ConnectionBanner />
        {stopped ? (
          <Empty>Not connected to {account.realmName}.</Empty>
        ) : (
          <Loading label={`Connecting to ${account.realmName}…`} />
        )}
        {accountsOpen && (
          <LazyDialog>
            <AccountSwitcher />
          </LazyDialog>
        )}
      </>
    );
  return (
    <div className="shell" data-testid="chat-shell">
      <div className="shell-notices">
        <ConnectionBanner />
        <StaleDataNotice />
      </div>
      <MainNotice />
      <header className="topbar">
        <div className="realm">
          {account.realmIcon && (
            <img
              src={account.realmIcon}
              alt=""
              width={24}
              height={24}
              onError={(e) => (e.currentTarget.style.display = 'none')}
            />
          )}
          <strong data-testid="realm-title">{realmName}</strong>
        </div>
        <SearchBox key={narrow?.kind === 'search' ? narrowKey(narrow) : 'search'} />
        <div className="topbar-actions">
          <SettingsButton />
          <button
            type="button"
            className="btn btn-small"
            data-testid="mark-all-read"
            onClick={() => open({ kind: 'mark-all-read', scope: { kind: 'all' } })}
          >
            Mark all read
          </button>
          <button
            type="button"
            className="btn btn-small"
            data-testid="starred"
            onClick={() => useNarrowStore.getState().select({ kind: 'starred' })}
          >
            ★ Starred
            <StarredCount />
          </button>
          <OwnStatus />
          <button
            type="button"
            className="btn btn-small account-button"
            data-testid="account-switcher"
            title={accountName}
            onClick={() => open({ kind: 'accounts' })}
          >
            {accountName}
          </button>
        </div>
      </header>
      <nav className="pane pane-left" aria-label="Conversations" ref={sidebarRef}>
        <HomeLinks />
        <ChannelSidebar />
        <DmSidebar />
        <NotificationPrompt />
      </nav>
      <main className="pane pane-center" tabIndex={-1} data-focus-fallback ref={viewRef}>
        {narrow ? (
          <ConversationView key={`${narrowKey(narrow)}@${anchor ?? ''}`} narrow={narrow} anchor={anchor} />
        ) : view === 'inbox' ? (
          <InboxView />
        ) : view === 'recent' ? (
          <RecentView />
        ) : (
          <div className="welcome" data-testid="welcome">
            <h1>Welcome to {realmName}</h1>
            <p className="muted">Pick a channel, a topic or a conversation on the left.</p>
          </div>
        )}
      </main>
      <aside className="pane pane-right" aria-label="Details">
        <DetailsPane narrow={narrow} />
      </aside>
      <Dialogs />
      <Lightbox />
      <SettingsScreen />
    </div>
  );
}
