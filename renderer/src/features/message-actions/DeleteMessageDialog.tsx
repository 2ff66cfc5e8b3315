import { useMutation } from '@tanstack/react-query';
import { callApi, errorText } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';

/**
 * Deleting a message asks first: it is deleted for everyone, for good. The feeds drop it when the
 * server's `delete_message` event arrives, as they do for a deletion made elsewhere.
 */
export function DeleteMessageDialog({ messageId }: { messageId: number }) {
  const bridge = useBridge();
  const close = useDialogStore((s) => s.close);
  const remove = useMutation({
    mutationFn: () => callApi(bridge, 'deleteMessage', { message_id: messageId }),
    onSuccess: close,
  });
  return (
    <Dialog title="Delete message" onClose={close} testId="delete-message-dialog">
      <p>Delete this message? It is deleted for everyone, and cannot be brought back.</p>
      {remove.isError && (
        <p className="form-error" role="alert" data-testid="delete-message-error">
          Not deleted: {errorText(remove.error)}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={close} autoFocus>
          Keep it
        </button>
        <button
          type="button"
          className="btn btn-danger"
          data-testid="delete-message-confirm"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
