import { useMemo } from 'react';
import { useInitialState } from '../../app/session';
import { useNarrowStore } from '../../state/narrow';
import { useSubscriptions } from '../channels/hooks';
import { inboxUnreadTotal } from '../inbox/inbox-model';
import { DraftsLink } from './DraftsLink';
import { ScheduledLink } from './ScheduledLink';
import { MENTIONS_QUERY } from '../../api/search-query';
import './home.css';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

/**
 * The top of the left sidebar: the home views, the combined feed, the mentions, the drafts and the
 * scheduled messages.
 */
export function HomeLinks() {
  const view = useNarrowStore((s) => (s.narrow ? null : s.view));
  const allSelected = useNarrowStore((s) => s.narrow?.kind === 'all');
  const mentionsSelected = useNarrowStore(
    (s) => s.narrow?.kind === 'search' && s.narrow.query === MENTIONS_QUERY,
  );
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
      <button
        type="button"
        className={`row-main${mentionsSelected ? ' selected' : ''}`}
        data-testid="home-mentions"
        aria-current={mentionsSelected ? 'page' : undefined}
        onClick={() => select({ kind: 'search', query: MENTIONS_QUERY })}
      >
        Mentions
        <MentionsCount />
      </button>
      <DraftsLink />
      <ScheduledLink />
    </div>
  );
}

/** Unread messages that mention the user (the register state's `mentions`, kept by the events). */
function MentionsCount() {
  const count = useInitialState((s) => s.unread_msgs?.mentions?.length) ?? 0;
  const partial = useOldUnreadsMissing();
  if (count === 0) return null;
  return (
    <span className="unread-count" data-testid="mentions-count">
      {unreadCountLabel(count, partial)}
    </span>
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
