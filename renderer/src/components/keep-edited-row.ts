import { useState } from 'react';

/**
 * The rows of a list to draw while one of them is edited in place: the edited row stays where it
 * was last seen even once it leaves `rows` (deleted elsewhere, or filtered out), under its own key,
 * so its form and what was typed in it are not thrown away. Other rows are `rows` as they are.
 */
export function useRowsKeepingEdited<T extends { id: number }>(
  rows: readonly T[],
  editingId: number | null,
): readonly T[] {
  const [lastSeen, setLastSeen] = useState<{ row: T; at: number } | null>(null);
  const at = editingId === null ? -1 : rows.findIndex((r) => r.id === editingId);
  if (at >= 0 && (lastSeen?.row !== rows[at] || lastSeen?.at !== at)) setLastSeen({ row: rows[at]!, at });
  if (at >= 0 || editingId === null || lastSeen?.row.id !== editingId) return rows;
  const kept = [...rows];
  kept.splice(Math.min(lastSeen.at, kept.length), 0, lastSeen.row);
  return kept;
}
