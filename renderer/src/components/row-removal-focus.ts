import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { takeDroppedFocus } from './focus-fallback';

/**
 * A list whose rows can be removed with the focus on them (deleted, revoked): the keyboard goes on
 * from where it was instead of from the top of the screen. The returned function notes the row on
 * its way out (`null`: it stayed, its removal refused). Once `keys` no longer holds it (and the
 * list is `settled`), the focus it dropped goes to the same `action` (a selector) in the row now in
 * its place, else in the new last row, else to `empty()` (the list's heading, or a control before
 * the list). A row taken away by someone else (deleted on another device, revoked by another
 * administrator) while it held the focus hands it on the same way.
 */
export function useFocusAfterRowRemoved<K>(
  keys: readonly K[] | undefined,
  rows: RefObject<HTMLElement | null>,
  action: string,
  empty: () => HTMLElement | null,
  settled = true,
): (removing: { key: K; at: number } | null) => void {
  const removing = useRef<{ key: K; at: number } | null>(null);
  // The row that has the focus, and its place: kept once the row is taken out of the page (the
  // focus it dropped went to the open modal meanwhile), forgotten when the person moves on.
  const focused = useRef<{ row: Element; at: number } | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const children = [...(rows.current?.children ?? [])];
      const at = children.findIndex((row) => row.contains(event.target as Node));
      if (at >= 0) focused.current = { row: children[at]!, at };
      else if (focused.current?.row.isConnected) focused.current = null;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [rows]);
  useEffect(() => {
    if (!keys || !settled) return;
    const done = removing.current;
    const ownRemoved = done !== null && !keys.includes(done.key);
    const focusedRemoved = done === null && focused.current !== null && !focused.current.row.isConnected;
    if (!ownRemoved && !focusedRemoved) return;
    const at = ownRemoved ? done.at : focused.current!.at;
    removing.current = null;
    focused.current = null;
    const left = rows.current?.children;
    const row = left && left.length > 0 ? left[Math.min(at, left.length - 1)] : undefined;
    takeDroppedFocus(row?.querySelector<HTMLElement>(action) ?? empty());
  });
  return useCallback((row) => {
    removing.current = row;
  }, []);
}
