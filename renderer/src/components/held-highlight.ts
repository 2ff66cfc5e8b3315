import { useState } from 'react';

/**
 * The highlighted entry: its key (null: none held yet), its index when it was last set, and the
 * scope (the query) it was chosen in.
 */
interface Held {
  scope: string;
  key: string | null;
  index: number;
}

export interface HeldHighlight {
  /** The highlighted entry's index now; -1 for none. */
  current: number;
  highlight(index: number): void;
  /** Back to where a highlight starts (after typing changed the list). */
  reset(): void;
}

/**
 * The highlighted entry of a list that can change while it is open, fed by live data (a topic
 * started, or moved up by new messages, during a burst; a person moved up by their new message):
 * held by its key from the first render that shows it, so the entry under Enter stays the one the
 * person saw and chose; gone from the list, the entry now at its place is highlighted. `start` is
 * where a highlight starts: 0 the first entry, -1 none; it starts there again on `reset` and
 * whenever `scope` (the query the list answers) changes.
 */
export function useHeldHighlight<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  start: 0 | -1,
  scope = '',
): HeldHighlight {
  const [stored, setHeld] = useState<Held>({ scope, key: null, index: start });
  const held = stored.scope === scope ? stored : { scope, key: null, index: start };
  const byKey = held.key === null ? -1 : items.findIndex((item) => keyOf(item) === held.key);
  const current = byKey >= 0 ? byKey : Math.min(held.index, items.length - 1);
  const shown = current >= 0 ? items[current] : undefined;
  // Adjusting state while rendering (React renders again at once): the entry first shown is held.
  if (held.key === null && shown !== undefined) setHeld({ scope, key: keyOf(shown), index: current });
  return {
    current,
    highlight: (index) => {
      const item = items[index];
      setHeld({ scope, key: item === undefined ? null : keyOf(item), index });
    },
    reset: () => setHeld({ scope, key: null, index: start }),
  };
}
