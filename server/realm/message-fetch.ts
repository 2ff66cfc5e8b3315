import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import type { User } from './users';
import type { Message } from './messages';

/** The anchor of GET /messages and POST /messages/flags/narrow. */
export type Anchor = number | 'newest' | 'oldest' | 'first_unread';
export const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;
export const MAX_MESSAGES_PER_FETCH = 5000;

/** As the real service: a numeric anchor below 0 reads as 0, above every ID as the largest. */
export function parseAnchor(value: number | string | undefined): Anchor {
  if (value === undefined) throw badRequest("Missing 'anchor' argument.");
  if (value === 'newest' || value === 'oldest' || value === 'first_unread') return value;
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw badRequest('Invalid anchor');
  return Math.min(Math.max(n, 0), LARGER_THAN_MAX_MESSAGE_ID);
}

/**
 * POST /messages/flags/narrow's counts as the real service lowers them: together at most 5000, with
 * num_before keeping at least half when both ask for more.
 */
export function boundFlagRange(numBefore: number, numAfter: number): [number, number] {
  const before = Math.min(numBefore, Math.max(MAX_MESSAGES_PER_FETCH - numAfter, MAX_MESSAGES_PER_FETCH / 2));
  return [before, Math.min(numAfter, MAX_MESSAGES_PER_FETCH - before)];
}

/** Both GET /messages and POST /messages/flags/narrow refuse an excluded anchor inside the range. */
export function checkAnchorAtEnd(numBefore: number, numAfter: number, includeAnchor: boolean): void {
  if (numBefore > 0 && numAfter > 0 && !includeAnchor)
    throw badRequest('The anchor can only be excluded at an end of the range');
}

export interface FetchWindow {
  ids: number[];
  anchor: number;
  found_anchor: boolean;
  found_oldest: boolean;
  found_newest: boolean;
}

function lowerBound(messages: readonly Message[], id: number): number {
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (messages[mid]!.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Choose up to `numBefore` accepted messages below the anchor, the anchor itself (when accepted and
 * included), and up to `numAfter` above it. `candidates` (ascending ids) holds every message the
 * narrow can match; it is walked outwards from the anchor only as far as the answer needs (one
 * accepted message past each end of the window, to tell whether the window reached it).
 */
export function fetchWindow(
  realm: Realm,
  user: User,
  candidates: readonly Message[],
  accept: (message: Message) => boolean,
  anchorSpec: Anchor,
  includeAnchor: boolean,
  numBefore: number,
  numAfter: number,
): FetchWindow {
  let anchor: number;
  if (anchorSpec === 'newest') anchor = LARGER_THAN_MAX_MESSAGE_ID;
  else if (anchorSpec === 'oldest') anchor = 0;
  else if (anchorSpec === 'first_unread') {
    const unread = realm.flagStates.get(user.user_id)?.unread;
    const first = unread?.size ? candidates.find((m) => unread.has(m.id) && accept(m)) : undefined;
    anchor = first?.id ?? LARGER_THAN_MAX_MESSAGE_ID;
  } else anchor = anchorSpec;

  const idx = lowerBound(candidates, anchor);
  const atAnchor = candidates[idx];
  const present = atAnchor !== undefined && atAnchor.id === anchor && accept(atAnchor);

  const before: number[] = [];
  let i = idx - 1;
  for (; i >= 0 && before.length < numBefore; i--) if (accept(candidates[i]!)) before.push(candidates[i]!.id);
  while (i >= 0 && !accept(candidates[i]!)) i--;
  const foundOldest = i < 0;
  before.reverse();

  const after: number[] = [];
  let j = present ? idx + 1 : idx;
  for (; j < candidates.length && after.length < numAfter; j++)
    if (accept(candidates[j]!)) after.push(candidates[j]!.id);
  while (j < candidates.length && !accept(candidates[j]!)) j++;
  const foundNewest = j >= candidates.length;

  return {
    ids: [...before, ...(present && includeAnchor ? [anchor] : []), ...after],
    anchor,
    found_anchor: present && includeAnchor,
    found_oldest: foundOldest,
    found_newest: foundNewest,
  };
}
