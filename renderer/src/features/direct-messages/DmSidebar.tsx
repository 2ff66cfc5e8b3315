import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { otherParticipants } from '../../api/dm-participants';
import { useBridge } from '../../app/bridge-context';
import { sameNarrow } from '../../api/narrow';
import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { Avatar } from '../../components/Avatar';
import { resolveServerUrl } from '../../components/SafeHtml';
import { Empty } from '../../components/states';
import { VirtualList } from '../../components/VirtualList';
import { dmUnreadCounts } from '../../events/unread';
import { recentDmsKey } from '../../events/reducers/dm-conversations';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { StatusBadge } from '../users/StatusBadge';
import { shownName, useMutedUserIds, withMutedPerson } from '../users/muted-users';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

function useRecentDmMessages() {
  const bridge = useBridge();
  // Not under the feed key root (it is not a view); the delete_message reducer keeps it current.
  return useQuery({
    queryKey: recentDmsKey,
    queryFn: () =>
      callApi(bridge, 'getMessages', {
        anchor: 'newest',
        num_before: 200,
        num_after: 0,
        narrow: [{ operator: 'is', operand: 'dm' }],
        apply_markdown: false,
      }),
  });
}

/** Left pane, lower part: one-to-one and group conversations, newest first, with unread counts. */
export function DmSidebar() {
  const users = useUsers();
  const selfId = useSelfId();
  const recents = useInitialState((s) => s.recent_private_conversations);
  const statuses = useInitialState((s) => s.user_status);
  // Only the direct messages' unread lists: a channel message leaves them (and this list) alone.
  const unreadPms = useInitialState((s) => s.unread_msgs?.pms);
  const unreadHuddles = useInitialState((s) => s.unread_msgs?.huddles);
  const partial = useOldUnreadsMissing();
  const counts = useMemo(
    () => dmUnreadCounts(unreadPms, unreadHuddles, selfId),
    [unreadPms, unreadHuddles, selfId],
  );
  const narrow = useNarrowStore((s) => s.narrow);
  const select = useNarrowStore((s) => s.select);
  const open = useDialogStore((s) => s.open);

  const recentDms = useRecentDmMessages();
  const muted = useMutedUserIds();
  const conversations = useMemo(() => {
    // recent_private_conversations from register (kept current by message events), completed
    // from the newest direct messages for servers that leave it empty.
    const byKey = new Map<string, { max_message_id: number; user_ids: number[] }>();
    const add = (userIds: number[], maxId: number) => {
      const ids = otherParticipants(userIds, selfId);
      const key = ids.join(',');
      const known = byKey.get(key);
      if (!known || known.max_message_id < maxId) byKey.set(key, { max_message_id: maxId, user_ids: ids });
    };
    for (const c of recents ?? []) add(c.user_ids, c.max_message_id);
    for (const m of recentDms.data?.messages ?? [])
      if (Array.isArray(m.display_recipient))
        add(
          m.display_recipient.map((r) => r.id),
          m.id,
        );
    return [...byKey.values()]
      .filter((c) => !withMutedPerson(c.user_ids, muted))
      .sort((a, b) => b.max_message_id - a.max_message_id);
  }, [recents, recentDms.data, selfId, muted]);

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
            const names = people.map((id) => shownName(id, users, muted)).join(', ');
            // The notes to self are the user's own conversation: named as the real service does.
            const label = c.user_ids.length ? names : `${names} (you)`;
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
                <span className="ellipsis" title={label}>
                  {label}
                </span>
                {people.length === 1 && (
                  <StatusBadge status={statuses?.[String(people[0])]} compact testId={`dm-status-${key}`} />
                )}
                {unread > 0 && <span className="unread-count">{unreadCountLabel(unread, partial)}</span>}
              </button>
            );
          }}
        />
      )}
    </section>
  );
}
