/** On/off changes asked for and not answered yet, by what they change. */
const onTheWay = new Map<string, { on: boolean; done: Promise<unknown> }>();

/**
 * Turns something on or off from a key press, whose current state (`onNow`) the cache shows only
 * once the change's event arrives. A second press before that would read the old state and ask for
 * the same change again: it toggles what the last press asked for instead, and each change waits
 * for the one before, so the server gets them in the order pressed.
 */
export function toggleInOrder(
  key: string,
  onNow: boolean,
  change: (on: boolean) => Promise<unknown>,
): Promise<unknown> {
  const before = onTheWay.get(key);
  const on = !(before ? before.on : onNow);
  const done = (before?.done ?? Promise.resolve())
    .catch(() => undefined) // the press before failed: it has said so itself
    .then(() => change(on));
  const entry = { on, done };
  onTheWay.set(key, entry);
  const settle = () => {
    if (onTheWay.get(key) === entry) onTheWay.delete(key);
  };
  done.then(settle, settle);
  return done;
}
