import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorText } from '../../api/call';
import { sameNarrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { topicLabel, useEmptyTopicName, useIsAdmin } from '../../app/realm';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { isResolved, toggleResolved, useIsTopicMuted } from '../channels/hooks';
import { updateFlagOverNarrow } from '../flags/mark-read';
import { narrowTerms } from '../../api/narrow';
import { MenuPopover } from '../../components/MenuPopover';
import { unreadCountLabel } from '../../api/unread-count';

/** One topic in the sidebar: select, unread count, and its actions (mute, mark read, resolve, delete). */
export function TopicRow({
  streamId,
  topic,
  maxId,
  unread,
}: {
  streamId: number;
  topic: string;
  maxId: number;
  unread: number;
}) {
  const bridge = useBridge();
  const emptyName = useEmptyTopicName();
  const narrow = useNarrowStore((s) => s.narrow);
  const select = useNarrowStore((s) => s.select);
  const isMuted = useIsTopicMuted()(streamId, topic);
  const [menuOpen, setMenuOpen] = useState(false);
  const isAdmin = useIsAdmin();
  const openDialog = useDialogStore((s) => s.open);
  const selected = sameNarrow(narrow, { kind: 'topic', streamId, topic });

  const mute = useMutation({
    mutationFn: () =>
      callApi(bridge, 'updateMutedTopic', { stream_id: streamId, topic, op: isMuted ? 'remove' : 'add' }),
  });
  const markRead = useMutation({
    mutationFn: () =>
      updateFlagOverNarrow(bridge, narrowTerms({ kind: 'topic', streamId, topic }), 'read', 'add'),
  });
  const resolve = useMutation({
    mutationFn: () =>
      callApi(bridge, 'updateMessage', {
        message_id: maxId,
        topic: toggleResolved(topic),
        propagate_mode: 'change_all',
      }),
    onSuccess: () => {
      if (selected) select({ kind: 'topic', streamId, topic: toggleResolved(topic) });
    },
  });
  const failure = mute.error ?? markRead.error ?? resolve.error;
  const label = topicLabel(topic, emptyName);

  return (
    <div
      className={`topic-row${selected ? ' selected' : ''}${isMuted ? ' muted' : ''}`}
      data-testid={`topic-row-${topic}`}
    >
      <button
        type="button"
        className="row-main"
        data-testid={`topic-${topic}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => select({ kind: 'topic', streamId, topic })}
      >
        <span className={topic === '' ? 'topic-name empty-topic' : 'topic-name'} title={label}>
          {isResolved(topic) ? (
            <span className="resolved-mark" aria-label="resolved">
              ✔
            </span>
          ) : null}
          {isResolved(topic) ? label.slice(2) : label}
        </span>
        {isMuted && (
          <span className="badge-muted" title="Muted">
            muted
          </span>
        )}
        {unread > 0 && (
          <span className="unread-count" data-testid={`topic-unread-${topic}`}>
            {unreadCountLabel(unread)}
          </span>
        )}
      </button>
      <button
        type="button"
        className="row-menu-button"
        aria-label={`Actions for topic ${label}`}
        aria-expanded={menuOpen}
        data-testid={`topic-menu-${topic}`}
        onClick={() => setMenuOpen((o) => !o)}
      >
        ⋯
      </button>
      {menuOpen && (
        <MenuPopover
          label={`Actions for topic ${label}`}
          onClose={() => setMenuOpen(false)}
          className="row-menu"
          testId="topic-menu"
        >
          <button
            type="button"
            role="menuitem"
            data-testid="topic-mute"
            onClick={() => {
              mute.mutate();
              setMenuOpen(false);
            }}
          >
            {isMuted ? 'Unmute topic' : 'Mute topic'}
          </button>
          <button
            type="button"
            role="menuitem"
            data-testid="topic-mark-read"
            onClick={() => {
              markRead.mutate();
              setMenuOpen(false);
            }}
          >
            Mark topic as read
          </button>
          {topic !== '' && (
            <button
              type="button"
              role="menuitem"
              data-testid="topic-resolve"
              onClick={() => {
                resolve.mutate();
                setMenuOpen(false);
              }}
            >
              {isResolved(topic) ? 'Mark as unresolved' : 'Mark as resolved'}
            </button>
          )}
          {isAdmin && (
            <button
              type="button"
              role="menuitem"
              className="menu-danger"
              data-testid="topic-delete"
              onClick={() => {
                setMenuOpen(false);
                openDialog({ kind: 'delete-topic', streamId, topic });
              }}
            >
              Delete topic
            </button>
          )}
        </MenuPopover>
      )}
      {failure && (
        <p className="row-error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
