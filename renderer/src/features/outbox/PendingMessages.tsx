import { useState } from 'react';
import type { OutboxEntry } from '../../../../shared/ipc';
import { conversationKey, isComposeNarrow, narrowKey, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { topicLabel, useEmptyTopicName, useSelfId } from '../../app/realm';
import { useComposeStore } from '../../state/compose';
import { useComposeFocus } from '../../state/compose-focus';
import { useViewReply } from '../../state/view-reply';
import { focusComposeSoon } from '../compose/focus-compose';
import { conversationOfDestination } from './echo';

function statusText(entry: OutboxEntry): string {
  switch (entry.state) {
    case 'sending':
      return 'Sending…';
    case 'sent':
      return 'Sent';
    case 'waiting':
      if (entry.attempts === 0) return 'Waiting to be sent…';
      return entry.mayBeOnServer
        ? 'Not confirmed yet: it may have reached the server. When the server can be reached, it is checked and sent by itself if it did not. Discard stops that, but cannot take back a copy that got there.'
        : 'Not delivered yet. It will be sent by itself when the server can be reached.';
    case 'failed':
      // The server could not say whether a request reached it: Retry asks it before sending again.
      return entry.mayBeOnServer
        ? `Not confirmed: ${entry.reason ?? 'no answer.'} It may have reached the server; Retry checks before sending it again.`
        : `Not sent: ${entry.reason ?? 'the server refused it.'}`;
  }
}

/**
 * Local echoes at the end of a feed: messages the user sent that the server has not confirmed,
 * shown at once. A failed one stays with Retry, Edit (its text back in the compose box) and Discard;
 * one waiting for the server offers to try now and Discard, and, while the server cannot have it
 * (no request left, or none got through), Edit too.
 */
export function PendingMessages({ echoes, narrow }: { echoes: OutboxEntry[]; narrow: Narrow }) {
  const bridge = useBridge();
  const emptyName = useEmptyTopicName();
  const selfId = useSelfId();
  const [actionError, setActionError] = useState<string | null>(null);
  if (echoes.length === 0) return null;

  const edit = async (localId: string) => {
    const taken = await bridge.outbox.discard(localId);
    if (!taken) return setActionError('That message is being sent right now; try again in a moment.');
    // Back into the compose box of this view, under the key that box reads its text from; a view
    // of several conversations (All messages) opens a box for the message's conversation in
    // place, as a reply from there does.
    const target = isComposeNarrow(narrow) ? narrow : conversationOfDestination(taken.destination, selfId);
    const key = conversationKey(target, selfId);
    const compose = useComposeStore.getState();
    const current = compose.drafts[key] ?? '';
    compose.setText(key, current.trim() ? `${current}\n${taken.content}` : taken.content);
    if (target.kind === 'channel' && taken.destination.type === 'channel')
      compose.setTopic(key, taken.destination.topic);
    setActionError(null);
    // Taken back to be changed: the typing goes on in the box.
    if (target === narrow) return focusComposeSoon();
    useViewReply.getState().open(narrowKey(narrow), target);
    useComposeFocus.getState().requestFocus('message');
  };
  const discard = async (localId: string) => {
    const taken = await bridge.outbox.discard(localId);
    setActionError(taken ? null : 'That message is being sent right now; try again in a moment.');
  };

  return (
    <ol className="pending-messages" data-testid="pending-messages" aria-label="Messages not yet delivered">
      {echoes.map((entry) => (
        <li
          key={entry.localId}
          className={`pending-message pending-${entry.state}`}
          data-testid="pending-message"
          data-state={entry.state}
        >
          {narrow.kind === 'channel' && entry.destination.type === 'channel' && (
            <div className="pending-topic muted small">{topicLabel(entry.destination.topic, emptyName)}</div>
          )}
          <div className="pending-content" data-testid="pending-content">
            {entry.content}
          </div>
          <div
            className={entry.state === 'failed' ? 'pending-status form-error' : 'pending-status muted small'}
            role={entry.state === 'failed' ? 'alert' : 'status'}
            data-testid="pending-status"
          >
            {statusText(entry)}
          </div>
          {(entry.state === 'failed' || entry.state === 'waiting') && (
            <div className="pending-actions">
              {(entry.state === 'failed' || entry.attempts > 0) && (
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="pending-retry"
                  onClick={() => void bridge.outbox.retry(entry.localId)}
                >
                  {entry.state === 'failed' ? 'Retry' : 'Try now'}
                </button>
              )}
              {/* A waiting message whose request may have reached the server: an edited copy sent
                  from the box could make two (Discard only stops this app sending it again). */}
              {(entry.state === 'failed' || !entry.mayBeOnServer) && (
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="pending-edit"
                  onClick={() => void edit(entry.localId)}
                >
                  Edit
                </button>
              )}
              <button
                type="button"
                className="btn btn-small"
                data-testid="pending-discard"
                onClick={() => void discard(entry.localId)}
              >
                Discard
              </button>
            </div>
          )}
        </li>
      ))}
      {actionError && (
        <li className="form-error" role="alert">
          {actionError}
        </li>
      )}
    </ol>
  );
}
