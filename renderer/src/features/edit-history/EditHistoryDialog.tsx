import { useApiQuery } from '../../api/queries';
import { topicLabel, useEmptyTopicName, useUsers } from '../../app/realm';
import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { Dialog } from '../../components/Dialog';
import { SafeHtml } from '../../components/SafeHtml';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useDialogStore } from '../../state/dialogs';
import { useChannelIndex } from '../channels/hooks';
import { classifyHistory } from './classify';

const LABEL = {
  posted: 'Posted',
  edited: 'Edited',
  moved: 'Moved',
  'edited-and-moved': 'Edited and moved',
} as const;

/** A message's edit history (spec 4.15): each snapshot as posted, edited or moved. */
export function EditHistoryDialog({ messageId }: { messageId: number }) {
  const twentyFour = useTwentyFourHourTime();
  const close = useDialogStore((s) => s.close);
  const users = useUsers();
  const channels = useChannelIndex();
  const emptyName = useEmptyTopicName();
  const history = useApiQuery(
    'getMessageHistory',
    {
      message_id: messageId,
      allow_empty_topic_name: true,
    },
    { staleTime: 0 },
  );
  const channelName = (id: number) => `#${channels.get(id)?.name ?? id}`;

  return (
    <Dialog title="Message history" onClose={close} testId="edit-history-dialog" wide>
      {history.isPending && <Loading />}
      {history.isError && <ErrorState error={history.error} retry={() => void history.refetch()} />}
      {history.isSuccess && history.data.message_history.length === 0 && <Empty>No history.</Empty>}
      {history.isSuccess && (
        <ol className="history">
          {[...classifyHistory(history.data.message_history)].reverse().map((entry, i) => {
            const s = entry.snapshot;
            const who =
              s.user_id === null ? 'Unknown' : (users.get(s.user_id)?.full_name ?? `User ${s.user_id}`);
            return (
              <li
                key={`${s.timestamp}-${i}`}
                className={`history-entry ${entry.kind}`}
                data-testid={`history-entry-${entry.kind}`}
              >
                <header>
                  <strong className="history-kind">{LABEL[entry.kind]}</strong> by {who},{' '}
                  <time>{formatDateTime(s.timestamp, twentyFour)}</time>
                </header>
                {entry.topicChange && (
                  <p className="history-move" data-testid="history-topic">
                    Topic: <del>{topicLabel(entry.topicChange.from, emptyName)}</del> →{' '}
                    <ins>{topicLabel(entry.topicChange.to, emptyName)}</ins>
                  </p>
                )}
                {entry.channelChange && (
                  <p className="history-move" data-testid="history-channel">
                    Channel: <del>{channelName(entry.channelChange.from)}</del> →{' '}
                    <ins>{channelName(entry.channelChange.to)}</ins>
                  </p>
                )}
                {entry.kind === 'posted' && <SafeHtml className="rendered" html={s.rendered_content} />}
                {entry.contentChanged && (
                  <SafeHtml
                    className="rendered diff"
                    html={s.content_html_diff ?? s.rendered_content}
                    testId="history-diff"
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}
