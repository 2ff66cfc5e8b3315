import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { takeDroppedFocus } from './focus-fallback';

/**
 * A list whose rows can be removed with the focus on them (deleted, revoked): the keyboard goes on
 * from where it was instead of from the top of the screen. The returned function notes the row on
 * its way out (`null`: it stayed, its removal refused). Once `keys` no longer holds it (and the
 * list is `settled`), the focus it dropped goes to the same `action` (a selector) in the row now in
 * its place, else in the new last row, else to `empty()` (the list's heading, or a control before
 * the list).
 */
export function useFocusAfterRowRemoved<K>(
  keys: readonly K[] | undefined,
  rows: RefObject<HTMLElement | null>,
  action: string,
  empty: () => HTMLElement | null,
  settled = true,
): (removing: { key: K; at: number } | null) => void {
  const removing = useRef<{ key: K; at: number } | null>(null);
  useEffect(() => {
    const done = removing.current;
    if (!done || !keys || !settled || keys.includes(done.key)) return;
    removing.current = null;
    const left = rows.current?.children;
    const row = left && left.length > 0 ? left[Math.min(done.at, left.length - 1)] : undefined;
    takeDroppedFocus(row?.querySelector<HTMLElement>(action) ?? empty());
  });
  return useCallback((row) => {
    removing.current = row;
  }, []);
}
