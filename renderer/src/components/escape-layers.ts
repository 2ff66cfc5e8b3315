import { useEffect, useRef } from 'react';

/**
 * One Esc closes one thing. Menus and popovers register here while open; the topmost (latest opened)
 * is closed by Esc, and the key goes no further: not to a dialog underneath, not to the
 * "Esc goes to the home view" shortcut.
 */
const layers: { close: () => void }[] = [];
let listening = false;

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = layers.at(-1);
  if (!top) return;
  event.preventDefault();
  event.stopPropagation();
  top.close();
}

function listen(): void {
  if (listening) return;
  listening = true;
  // Capture phase on window: before any element's own Esc handling.
  window.addEventListener('keydown', onKeyDown, { capture: true });
}

/** Whether a menu or popover is open (then Esc belongs to it). */
export function escapeLayerOpen(): boolean {
  return layers.length > 0;
}

/** While `open`, Esc calls `close` (and only that). */
export function useEscapeLayer(open: boolean, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    listen();
    const layer = { close: () => latest.current() };
    layers.push(layer);
    return () => {
      const index = layers.indexOf(layer);
      if (index >= 0) layers.splice(index, 1);
    };
  }, [open]);
}
