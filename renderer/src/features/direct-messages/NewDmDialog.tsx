import { useState } from 'react';
import { useUsers } from '../../app/realm';
import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { UserPicker } from '../users/UserPicker';

/** Start a one-to-one or group conversation by picking people. */
export function NewDmDialog() {
  const close = useDialogStore((s) => s.close);
  const select = useNarrowStore((s) => s.select);
  const users = useUsers();
  const [picked, setPicked] = useState<number[]>([]);
  return (
    <Dialog title="New direct message" onClose={close} testId="new-dm-dialog">
      <UserPicker
        selected={picked}
        onToggle={(id) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))}
      />
      <p className="muted small" data-testid="dm-picked">
        {picked.length === 0
          ? 'Pick one person, or several for a group.'
          : picked.map((id) => users.get(id)?.full_name).join(', ')}
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="start-dm"
          disabled={picked.length === 0}
          onClick={() => {
            select({ kind: 'dm', userIds: [...picked].sort((a, b) => a - b) });
            close();
          }}
        >
          Open conversation
        </button>
      </div>
    </Dialog>
  );
}
