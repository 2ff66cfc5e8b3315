import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi, errorText, outcomeUnknown } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';
import { showNotice } from '../../state/notice';
import { fetchRawMessage } from './message-source';

/** True when the server answers that it no longer has the message; false when it cannot tell. */
async function isGone(bridge: ChatBridge, messageId: number): Promise<boolean> {
  try {
    return (await fetchRawMessage(bridge, messageId)) === undefined;
  } catch {
    return false;
  }
}

/**
 * Deleting a message asks first: it is deleted for everyone, for good. The feeds drop it when the
 * server's `delete_message` event arrives, as they do for a deletion made elsewhere. A message found
 * gone that none of this dialog's Deletes may have deleted was deleted by someone else: say so.
 */
export function DeleteMessageDialog({ messageId }: { messageId: number }) {
  const bridge = useBridge();
  const close = useDialogStore((s) => s.close);
  // A Delete sent from here whose answer was lost, which may have deleted the message.
  const sentUnanswered = useRef(false);
  const remove = useMutation({
    mutationFn: async () => {
      try {
        await callApi(bridge, 'deleteMessage', { message_id: messageId });
      } catch (error) {
        if (outcomeUnknown(error)) sentUnanswered.current = true;
        if (!(await isGone(bridge, messageId))) throw error;
        // Gone, as asked: this Delete or an earlier one went through though its answer was lost
        // (a Delete sent again is only told the message is invalid), or someone else was first.
        if (!sentUnanswered.current) showNotice('This message was already deleted.');
      }
    },
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
