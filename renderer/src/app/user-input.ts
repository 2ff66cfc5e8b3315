import type { ChatBridge } from '../../../shared/ipc';

/** At most one report per this long: main only needs to know the user was here lately. */
export const USER_INPUT_REPORT_MS = 10_000;

const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'mousemove', 'focus'] as const;

/**
 * Tells main when the person uses the window (keys, pointer, focus), so their presence is reported
 * as active (electron/README.md, "Presence"). Returns the function that stops listening.
 */
export function reportUserInput(
  bridge: ChatBridge,
  target: Window,
  now: () => number = Date.now,
): () => void {
  let last = -Infinity;
  const report = () => {
    const time = now();
    if (time - last < USER_INPUT_REPORT_MS) return;
    last = time;
    void bridge.userInput().catch(() => undefined);
  };
  for (const type of INPUT_EVENTS) target.addEventListener(type, report, { capture: true, passive: true });
  if (target.document.hasFocus()) report();
  return () => {
    for (const type of INPUT_EVENTS) target.removeEventListener(type, report, { capture: true });
  };
}
