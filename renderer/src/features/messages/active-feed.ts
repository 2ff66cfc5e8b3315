import type { Message } from '../../api/model';
import type { Narrow } from '../../api/narrow';

/**
 * What the keyboard shortcuts may do with the feed on screen. The feed registers itself while it
 * is shown; there is at most one.
 */
export interface ActiveFeed {
  narrow: Narrow;
  /** The messages shown, oldest first. */
  messages(): readonly Message[];
  /** The selected message, when it is loaded. */
  selected(): Message | null;
  /** j/k and the arrows: one message down (+1) or up (-1). */
  move(delta: 1 | -1): void;
  /** Home: the oldest loaded message. */
  first(): void;
  /** End: the newest message, loading it first when it is not. */
  last(): void;
  /** Selects a loaded message and scrolls it into view. */
  select(id: number): void;
  /** Scrolls the selected message into view (so something can open beside it). */
  reveal(): void;
}

let active: ActiveFeed | null = null;

export function activeFeed(): ActiveFeed | null {
  return active;
}

/** Makes `feed` the active one; returns the function that unregisters it. */
export function registerActiveFeed(feed: ActiveFeed): () => void {
  active = feed;
  return () => {
    if (active === feed) active = null;
  };
}
