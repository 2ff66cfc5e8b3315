import { useEffect } from 'react';
import { create } from 'zustand';
import { useInitialState } from '../../app/session';

/** The scheduled message a compose box is editing: saving it updates that one, not a new message. */
export interface EditingScheduled {
  id: number;
  /** When it is scheduled for (UNIX seconds); Save keeps it. */
  at: number;
}

interface EditingState {
  byKey: Record<string, EditingScheduled>;
  /** Edits whose scheduled message left the list meanwhile (sent at its time, or deleted elsewhere). */
  lapsed: Record<string, EditingScheduled>;
  start(key: string, editing: EditingScheduled): void;
  /** The box no longer edits its scheduled message, which is gone: its text becomes a new message. */
  lapse(key: string): void;
  stop(key: string): void;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** Compose boxes (by conversation key) holding a scheduled message's text to edit. */
export const useScheduledEditing = create<EditingState>((set) => ({
  byKey: {},
  lapsed: {},
  start: (key, editing) =>
    set((s) => ({ byKey: { ...s.byKey, [key]: editing }, lapsed: without(s.lapsed, key) })),
  lapse: (key) =>
    set((s) => {
      const editing = s.byKey[key];
      if (!editing) return s;
      return { byKey: without(s.byKey, key), lapsed: { ...s.lapsed, [key]: editing } };
    }),
  stop: (key) => set((s) => ({ byKey: without(s.byKey, key), lapsed: without(s.lapsed, key) })),
}));

/**
 * The scheduled message this box edits (at the time the server now lists), while the server still
 * lists it, and the one it edited
 * until it left the list (the server sent it at its time, or it was deleted on another device):
 * saving to it would only be refused, so the box lets go of it and keeps the text to send as new.
 */
export function useEditingScheduled(key: string): {
  editing: EditingScheduled | undefined;
  lapsed: EditingScheduled | undefined;
} {
  const listed = useInitialState((s) => s.scheduled_messages);
  const editing = useScheduledEditing((s) => s.byKey[key]);
  const lapsed = useScheduledEditing((s) => s.lapsed[key]);
  const entry = editing && listed?.find((m) => m.scheduled_message_id === editing.id);
  const gone = editing !== undefined && listed !== undefined && entry === undefined;
  useEffect(() => {
    if (gone) useScheduledEditing.getState().lapse(key);
  }, [gone, key]);
  if (gone) return { editing: undefined, lapsed: editing };
  // Rescheduled meanwhile (on another device): Save keeps the time it has now.
  const at = entry?.scheduled_delivery_timestamp;
  return { editing: editing && at !== undefined && at !== editing.at ? { ...editing, at } : editing, lapsed };
}
