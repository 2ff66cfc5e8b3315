import { useMemo } from 'react';
import { sameNarrow } from '../../api/narrow';
import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { Avatar } from '../../components/Avatar';
import { resolveServerUrl } from '../../components/SafeHtml';
import { Empty } from '../../components/states';
import { VirtualList } from '../../components/VirtualList';
import { unreadCounts } from '../../events/unread';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';

/** Left pane, lower part: one-to-one and group conversations, newest first, with unread counts. */
export function DmSidebar() {
  const users = useUsers();
  const selfId = useSelfId();
  const recents = useInitialState((s) => s.recent_private_conversations);
  const state = useInitialState((s) => s);
  const counts = useMemo(() => unreadCounts(state), [state]);
  const narrow = useNarrowStore((s) => s.narrow);
  const select = useNarrowStore((s) => s.select);
  const open = useDialogStore((s) => s.open);

  const conversations = useMemo(
    () =>
      [...(recents ?? [])]
        .sort((a, b) => b.max_message_id - a.max_message_id)
        .map((c) => ({ ...c, user_ids: c.user_ids.filter((id) => id !== selfId).sort((a, b) => a - b) })),
    [recents, selfId],
  );

  return (
    <section className="sidebar-section dms-section" aria-label="Direct messages">
      <header className="sidebar-header">
        <h2>Direct messages</h2>
        <button
          type="button"
          className="btn btn-small"
          data-testid="new-dm"
          onClick={() => open({ kind: 'new-dm' })}
        >
          New
        </button>
      </header>
      {conversations.length === 0 ? (
        <Empty>No direct messages yet.</Empty>
      ) : (
        <VirtualList
          items={conversations}
          label="Conversations"
          testId="dm-list"
          estimateSize={36}
          getKey={(c) => c.user_ids.join(',') || 'self'}
          renderRow={(c) => {
            const key = c.user_ids.join(',') || String(selfId);
            const people = c.user_ids.length ? c.user_ids : selfId !== undefined ? [selfId] : [];
            const names = people.map((id) => users.get(id)?.full_name ?? `User ${id}`).join(', ');
            const first = users.get(people[0] ?? -1);
            const unread = counts.byDm.get(key) ?? 0;
            const selected = sameNarrow(narrow, { kind: 'dm', userIds: c.user_ids });
            return (
              <button
                type="button"
                className={`dm-row row-main${selected ? ' selected' : ''}`}
                data-testid={`dm-${key}`}
                aria-current={selected ? 'true' : undefined}
                onClick={() => select({ kind: 'dm', userIds: c.user_ids })}
              >
                {people.length > 1 ? (
                  <span className="avatar avatar-initials group-avatar" aria-hidden="true">
                    {people.length}
                  </span>
                ) : (
                  <Avatar
                    name={names}
                    url={first?.avatar_url ? resolveServerUrl(first.avatar_url) : null}
                    size={22}
                  />
                )}
                <span className="ellipsis">{names}</span>
                {unread > 0 && <span className="unread-count">{unread}</span>}
              </button>
            );
          }}
        />
      )}
    </section>
  );
}
