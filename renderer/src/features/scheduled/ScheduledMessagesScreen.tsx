import { useMutation } from '@tanstack/react-query';
import type { ScheduledMessage } from '../../../../shared/api/resources';
import { callApi, errorSentence } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { Empty } from '../../components/states';
import { useNarrowTitle } from '../messages/narrow-title';
import { editScheduled, narrowOfScheduled } from './scheduled-actions';
import './scheduled.css';

/** The user's scheduled messages from the register state, kept current by scheduled_messages events. */
export function useScheduledMessages(): ScheduledMessage[] | undefined {
  return useInitialState((s) => s.scheduled_messages);
}

/** The real service's "Scheduled messages" view: each one's conversation, text and time; edit or delete. */
export function ScheduledMessagesScreen() {
  const list = useScheduledMessages();
  return (
    <div className="settings-page" data-testid="scheduled-screen">
      <h2>Scheduled messages</h2>
      <p className="muted small">
        Messages you scheduled are sent by the server at their time, even while this app is closed.
      </p>
      {!list || list.length === 0 ? (
        <Empty>
          No scheduled messages. To send one later, use the ▾ button beside Send in a compose box.
        </Empty>
      ) : (
        <ul className="card-list" aria-label="Scheduled messages" data-testid="scheduled-list">
          {list.map((m) => (
            <ScheduledItem key={m.scheduled_message_id} message={m} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ScheduledItem({ message }: { message: ScheduledMessage }) {
  const bridge = useBridge();
  const selfId = useSelfId();
  const twentyFour = useTwentyFourHourTime();
  const title = useNarrowTitle(narrowOfScheduled(message, selfId)).join(' › ');
  const remove = useMutation({
    mutationFn: () =>
      callApi(bridge, 'deleteScheduledMessage', { scheduled_message_id: message.scheduled_message_id }),
  });
  const id = message.scheduled_message_id;
  return (
    <li className="card" data-testid={`scheduled-${id}`}>
      <header className="card-header">
        <strong className="ellipsis" data-testid="scheduled-conversation">
          {title}
        </strong>
        <span className="muted small card-time" data-testid="scheduled-time">
          {formatDateTime(message.scheduled_delivery_timestamp, twentyFour)}
        </span>
      </header>
      <p className="scheduled-preview" data-testid="scheduled-content">
        {message.content}
      </p>
      {message.failed && (
        <p className="scheduled-failed small" role="status" data-testid="scheduled-failed">
          Not sent: the server could not deliver this message at its time (you may no longer be allowed to
          post there). Edit it to pick a new time, or delete it.
        </p>
      )}
      {remove.isError && (
        <p className="form-error" role="alert" data-testid="scheduled-error">
          Not deleted: {errorSentence(remove.error)}
        </p>
      )}
      <div className="card-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          data-testid={`scheduled-edit-${id}`}
          onClick={() => editScheduled(message, selfId)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-small"
          data-testid={`scheduled-delete-${id}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
