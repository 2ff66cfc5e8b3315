import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../api/call';
import { sameNarrow } from '../../api/narrow';
import { topicLabel, useEmptyTopicName } from '../../app/realm';
import { useBridge } from '../../app/bridge-context';
import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { useChannelIndex } from '../channels/hooks';
import { deleteTopicInBatches } from './delete-topic';

type Outcome = { kind: 'failed'; error: unknown; rounds: number } | { kind: 'unfinished'; rounds: number };

/**
 * Delete topic (administrators): asks first, then deletes batch by batch until the server says the
 * topic is gone. The feeds and the sidebar drop its messages on the server's `delete_message`
 * events; a reader in the topic is taken to its channel.
 */
export function DeleteTopicDialog({ streamId, topic }: { streamId: number; topic: string }) {
  const bridge = useBridge();
  const close = useDialogStore((s) => s.close);
  const channel = useChannelIndex().get(streamId);
  const label = topicLabel(topic, useEmptyTopicName());
  const [rounds, setRounds] = useState(0);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const stop = useRef({ cancelled: false });
  useEffect(() => {
    const current = stop.current;
    return () => {
      current.cancelled = true;
    };
  }, []);

  const run = async () => {
    setRunning(true);
    setOutcome(null);
    let done = 0;
    try {
      const result = await deleteTopicInBatches(
        bridge,
        streamId,
        topic,
        (n) => {
          done = n;
          setRounds(n);
        },
        stop.current,
      );
      if (stop.current.cancelled) return;
      if (!result.complete) {
        setOutcome({ kind: 'unfinished', rounds: result.rounds });
        return;
      }
      const { narrow, select } = useNarrowStore.getState();
      if (sameNarrow(narrow, { kind: 'topic', streamId, topic })) select({ kind: 'channel', streamId });
      close();
    } catch (error) {
      setOutcome({ kind: 'failed', error, rounds: done });
    } finally {
      setRunning(false);
    }
  };

  const where = `#${channel?.name ?? streamId} › ${label}`;
  return (
    <Dialog title="Delete topic" onClose={close} testId="delete-topic-dialog">
      <p>
        Delete every message in <strong>{where}</strong>? They are deleted for everyone, and cannot be brought
        back.
      </p>
      {running && rounds > 0 && (
        <p role="status" data-testid="delete-topic-progress">
          Deleting… {rounds} {rounds === 1 ? 'batch' : 'batches'} done.
        </p>
      )}
      {outcome && (
        <p className="form-error" role="alert" data-testid="delete-topic-error">
          {outcome.kind === 'failed'
            ? `${outcome.rounds > 0 ? 'Stopped part way' : 'Not deleted'}: ${errorText(outcome.error)}`
            : `Part of the topic is left after ${outcome.rounds} batches. Delete again to go on.`}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={close} autoFocus>
          {outcome?.kind === 'failed' && outcome.rounds > 0 ? 'Close' : 'Keep it'}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          data-testid="delete-topic-confirm"
          disabled={running}
          onClick={() => void run()}
        >
          {running ? 'Deleting…' : outcome ? 'Delete again' : 'Delete topic'}
        </button>
      </div>
    </Dialog>
  );
}
