import { useMemo } from 'react';
import { useInitialState } from '../../app/session';
import { useNarrowStore } from '../../state/narrow';
import { useSubscriptions } from '../channels/hooks';
import { inboxUnreadTotal } from '../inbox/inbox-model';
import { DraftsLink } from './DraftsLink';
import './home.css';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

/** The top of the left sidebar: the home views, the combined feed and the drafts. */
export function HomeLinks() {
  const view = useNarrowStore((s) => (s.narrow ? null : s.view));
  const allSelected = useNarrowStore((s) => s.narrow?.kind === 'all');
  const { showView, select } = useNarrowStore.getState();
  return (
    <div className="home-links" role="group" aria-label="Views">
      <button
        type="button"
        className={`row-main${view === 'inbox' ? ' selected' : ''}`}
        data-testid="home-inbox"
        aria-current={view === 'inbox' ? 'page' : undefined}
        onClick={() => showView('inbox')}
      >
        Inbox
        <InboxCount />
      </button>
      <button
        type="button"
        className={`row-main${view === 'recent' ? ' selected' : ''}`}
        data-testid="home-recent"
        aria-current={view === 'recent' ? 'page' : undefined}
        onClick={() => showView('recent')}
      >
        Recent conversations
      </button>
      <button
        type="button"
        className={`row-main all-messages${allSelected ? ' selected' : ''}`}
        data-testid="all-messages"
        aria-current={allSelected ? 'page' : undefined}
        onClick={() => select({ kind: 'all' })}
      >
        All messages
      </button>
      <DraftsLink />
    </div>
  );
}

/** Unread messages the Inbox lists (muted topics and channels left out, as there). */
function InboxCount() {
  const unread = useInitialState((s) => s.unread_msgs);
  const userTopics = useInitialState((s) => s.user_topics);
  const selfId = useInitialState((s) => s.user_id);
  const channels = useSubscriptions();
  const partial = useOldUnreadsMissing();
  const total = useMemo(
    () => inboxUnreadTotal({ unread, selfId, channels, userTopics }),
    [unread, selfId, channels, userTopics],
  );
  if (total === 0) return null;
  return (
    <span className="unread-count" data-testid="inbox-count">
      {unreadCountLabel(total, partial)}
    </span>
  );
}
