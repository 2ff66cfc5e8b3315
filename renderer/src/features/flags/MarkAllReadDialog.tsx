import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/call';
import { clearOldUnreadsMissing } from '../../api/unread-count';
import { narrowTerms, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { Dialog } from '../../components/Dialog';
import { useDialogStore, type MarkReadScope } from '../../state/dialogs';
import { updateFlagOverNarrow, type MarkProgress } from './mark-read';
import { useChannelIndex } from '../channels/hooks';
import { dmLabel } from '../home/conversation-label';
import { useMutedUserIds } from '../users/muted-users';
import { useSelfId, useUsers } from '../../app/realm';
import type { User } from '../../api/model';

function scopeNarrow(scope: MarkReadScope): Narrow {
  if (scope.kind === 'all') return { kind: 'all' };
  if (scope.kind === 'channel') return { kind: 'channel', streamId: scope.streamId };
  if (scope.kind === 'dm') return { kind: 'dm', userIds: scope.userIds };
  return { kind: 'topic', streamId: scope.streamId, topic: scope.topic };
}

/** A conversation opened from a message names the user too: the notes to self are theirs alone. */
function dmScopeLabel(
  userIds: number[],
  selfId: number | undefined,
  users: ReadonlyMap<number, User>,
  muted: ReadonlySet<number>,
): string {
  const others = userIds.filter((id) => id !== selfId);
  return others.length === 0 ? 'notes to self' : `direct messages with ${dmLabel(others, users, muted)}`;
}

const count = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/**
 * Where the marking stands, in the person's terms (the batches it goes in are its own business).
 * After a try whose answer was lost (`earlierTryFailed`), the count misses what that try marked.
 */
export function progressText(progress: MarkProgress, earlierTryFailed = false): string {
  const marked = count(progress.updated, 'message');
  if (!progress.done) return `Working: ${marked} marked as read so far…`;
  if (progress.answerLost || earlierTryFailed) return 'Done: everything is marked as read.';
  if (progress.updated === 0) return 'Done: there was nothing unread.';
  return `Done: ${marked} marked as read.`;
}

/**
 * Mark all as read for everything, a channel, a topic or a direct-message conversation, batch by
 * batch with progress (spec 4.13).
 */
export function MarkAllReadDialog({ scope }: { scope: MarkReadScope }) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const close = useDialogStore((s) => s.close);
  const channels = useChannelIndex();
  const users = useUsers();
  const muted = useMutedUserIds();
  const selfId = useSelfId();
  const [progress, setProgress] = useState<MarkProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [earlierTryFailed, setEarlierTryFailed] = useState(false);
  const [running, setRunning] = useState(false);
  const signal = useRef({ cancelled: false });
  const closeButton = useRef<HTMLButtonElement>(null);
  // The confirm button is disabled while marking and gone once done: the focus goes to the one
  // button left (Cancel, then Close) instead of to nowhere.
  const done = progress?.done ?? false;
  useEffect(() => {
    if (running || done) closeButton.current?.focus();
  }, [running, done]);
  useEffect(() => {
    const s = signal.current;
    return () => {
      s.cancelled = true;
    };
  }, []);

  const what =
    scope.kind === 'all'
      ? 'all messages'
      : scope.kind === 'channel'
        ? `#${channels.get(scope.streamId)?.name ?? scope.streamId}`
        : scope.kind === 'topic'
          ? `the topic “${scope.topic}”`
          : `your ${dmScopeLabel(scope.userIds, selfId, users, muted)}`;

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      const progress = await updateFlagOverNarrow(
        bridge,
        narrowTerms(scopeNarrow(scope)),
        'read',
        'add',
        setProgress,
        signal.current,
      );
      // Everything read: no unread message is left beyond the server's list, so the counts are
      // whole again (their "+" goes), as in the real service's own client.
      if (scope.kind === 'all' && progress.done) clearOldUnreadsMissing(queryClient);
    } catch (e) {
      setError(e);
      setEarlierTryFailed(true);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog title="Mark as read" onClose={close} testId="mark-read-dialog">
      <p>Mark {what} as read?</p>
      {progress && (
        <p data-testid="mark-read-progress" aria-live="polite">
          {progressText(progress, earlierTryFailed)}
        </p>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {errorText(error)}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" ref={closeButton} onClick={close}>
          {progress?.done ? 'Close' : 'Cancel'}
        </button>
        {!progress?.done && (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="mark-read-confirm"
            disabled={running}
            onClick={() => void run()}
          >
            {running ? 'Marking…' : 'Mark as read'}
          </button>
        )}
      </div>
    </Dialog>
  );
}
