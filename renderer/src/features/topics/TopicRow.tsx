import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import { sameNarrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { topicLabel, useEmptyTopicName, useIsAdmin } from '../../app/realm';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { isResolved, toggleResolved, useChannelIndex, useIsTopicMuted } from '../channels/hooks';
import { UserTopicVisibility } from '../../../../shared/api/plain-values';
import { topicChoices, useTopicPolicy, type TopicPolicy } from './topic-visibility';
import { updateFlagOverNarrow } from '../flags/mark-read';
import { narrowTerms } from '../../api/narrow';
import { MenuPopover } from '../../components/MenuPopover';
import { unreadCountLabel, useOldUnreadsMissing } from '../../api/unread-count';

/** One topic in the sidebar: select, unread count, and its actions (follow, mute, mark read, resolve, delete). */
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
  const policy = useTopicPolicy()(streamId, topic);
  const channelMuted = useChannelIndex().get(streamId)?.is_muted === true;
  const partial = useOldUnreadsMissing();
  const followed = policy === UserTopicVisibility.followed;
  const [menuOpen, setMenuOpen] = useState(false);
  const isAdmin = useIsAdmin();
  const openDialog = useDialogStore((s) => s.open);
  const selected = sameNarrow(narrow, { kind: 'topic', streamId, topic });

  const visibility = useMutation({
    mutationFn: (visibility_policy: TopicPolicy) =>
      callApi(bridge, 'updateUserTopic', { stream_id: streamId, topic, visibility_policy }),
  });
  const markRead = useMutation({
    mutationFn: () =>
      updateFlagOverNarrow(bridge, narrowTerms({ kind: 'topic', streamId, topic }), 'read', 'add'),
  });
  // An open topic follows itself to its new name through the move's event, as for anyone's move.
  const resolve = useMutation({
    mutationFn: () =>
      callApi(bridge, 'updateMessage', {
        message_id: maxId,
        topic: toggleResolved(topic),
        propagate_mode: 'change_all',
      }),
  });
  const failure =
    unmetError(visibility, (asked) => policy === asked) ??
    unmetError(markRead, () => unread === 0) ??
    resolve.error;
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
            <span className="resolved-mark" role="img" aria-label="resolved">
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
        {followed && (
          <span className="badge-muted" title="Followed" data-testid={`topic-followed-${topic}`}>
            followed
          </span>
        )}
        {unread > 0 && (
          <span className="unread-count" data-testid={`topic-unread-${topic}`}>
            {unreadCountLabel(unread, partial)}
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
          {topicChoices(policy, channelMuted).map((choice) => (
            <button
              key={choice.testId}
              type="button"
              role="menuitem"
              data-testid={choice.testId}
              onClick={() => {
                visibility.mutate(choice.policy);
                setMenuOpen(false);
              }}
            >
              {choice.label}
            </button>
          ))}
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
