import { useState } from 'react';
import { useSelfId, useUsers } from '../../app/realm';
import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { UserPicker } from '../users/UserPicker';
import { focusComposeSoon } from '../compose/focus-compose';

/** Start a one-to-one or group conversation by picking people (oneself alone: notes to self). */
export function NewDmDialog() {
  const close = useDialogStore((s) => s.close);
  const select = useNarrowStore((s) => s.select);
  const users = useUsers();
  const selfId = useSelfId();
  const [picked, setPicked] = useState<number[]>([]);
  const open = () => {
    if (picked.length === 0) return;
    // Oneself among others adds nothing; oneself alone is one's notes to self (no one else).
    select({ kind: 'dm', userIds: picked.filter((id) => id !== selfId).sort((a, b) => a - b) });
    close();
    // What comes next is the message: not the button the dialog was opened from.
    focusComposeSoon();
  };
  return (
    <Dialog title="New direct message" onClose={close} testId="new-dm-dialog">
      <UserPicker
        includeSelf
        leaveOutMuted
        selected={picked}
        onToggle={(id) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))}
        onSubmit={open}
      />
      <p className="muted small" data-testid="dm-picked">
        {picked.length === 0
          ? 'Pick one person, or several for a group. Enter picks the first match; Enter again opens.'
          : picked.map((id) => users.get(id)?.full_name).join(', ')}
      </p>
      <div className="dialog-actions sticky">
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="start-dm"
          disabled={picked.length === 0}
          onClick={open}
        >
          Open conversation
        </button>
      </div>
    </Dialog>
  );
}
