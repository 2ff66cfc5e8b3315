import { narrowKey, type FeedAnchor, type Narrow } from '../api/narrow';

/** The home views that show many conversations at once rather than one feed. */
export type HomeView = 'inbox' | 'recent';

/** Where the window is: a conversation (`narrow`, opened at `anchor`) or a home view. */
export interface Place {
  narrow: Narrow | null;
  anchor: FeedAnchor;
  /** Shown when `narrow` is null; null = the user's home view (`web_home_view`). */
  view: HomeView | null;
}

/** The places left for another (`back`, newest last) and those left by going back (`forward`). */
export interface PlaceHistory {
  back: readonly Place[];
  forward: readonly Place[];
}

/** How many places Back remembers: a day of moving about, not a log. */
export const PLACE_HISTORY_MAX = 50;

export const NO_HISTORY: PlaceHistory = { back: [], forward: [] };

function placeKey(place: Place): string {
  return place.narrow ? narrowKey(place.narrow) : `view:${place.view ?? 'home'}`;
}

export function samePlace(a: Place, b: Place): boolean {
  return placeKey(a) === placeKey(b);
}

/**
 * The history once the window goes from `from` to another place `to`: `from` is remembered and
 * what Forward offered is gone, as in a browser. Another message of the same conversation (a jump
 * to its first unread, to its newest) is the same place: no step is added.
 */
export function visit(history: PlaceHistory, from: Place, to: Place): PlaceHistory {
  if (samePlace(from, to)) return history;
  return { back: [...history.back, from].slice(-PLACE_HISTORY_MAX), forward: [] };
}

/**
 * One step back (`direction` 'back') or forward from `current`: the place to open and the history
 * after it, or null when there is none that way.
 */
export function step(
  history: PlaceHistory,
  current: Place,
  direction: 'back' | 'forward',
): { place: Place; history: PlaceHistory } | null {
  const from = direction === 'back' ? history.back : history.forward;
  const place = from[from.length - 1];
  if (!place) return null;
  const rest = from.slice(0, -1);
  const other = direction === 'back' ? history.forward : history.back;
  const towards = [...other, current].slice(-PLACE_HISTORY_MAX);
  return {
    place,
    history: direction === 'back' ? { back: rest, forward: towards } : { back: towards, forward: rest },
  };
}

/** The history with every step at `from` pointing at `to` instead (a topic moved or renamed). */
export function renamePlace(history: PlaceHistory, from: Narrow, to: Narrow): PlaceHistory {
  const key = narrowKey(from);
  const moved = (places: readonly Place[]) =>
    places.map((p) => (p.narrow && narrowKey(p.narrow) === key ? { ...p, narrow: to } : p));
  return { back: moved(history.back), forward: moved(history.forward) };
}
