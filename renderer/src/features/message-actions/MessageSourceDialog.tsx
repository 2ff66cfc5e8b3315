import { Dialog } from '../../components/Dialog';
import { ErrorState, Loading } from '../../components/states';
import { useDialogStore } from '../../state/dialogs';
import { useShownMessageSource } from './message-source';

/** A message's markdown as its author typed it, to read or copy. */
export function MessageSourceDialog({ messageId }: { messageId: number }) {
  const close = useDialogStore((s) => s.close);
  const source = useShownMessageSource(messageId);
  return (
    <Dialog title="Message source" onClose={close} testId="message-source-dialog" wide>
      {source.isPending && <Loading />}
      {source.isError && <ErrorState error={source.error} retry={() => void source.refetch()} />}
      {source.data && (
        <pre className="message-source" tabIndex={0} data-testid="message-source">
          {source.data.content}
        </pre>
      )}
    </Dialog>
  );
}
