import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import type { NarrowTerm } from '../../api/narrow';

export interface FlagsNarrowResponse {
  processed_count: number;
  updated_count: number;
  first_processed_id: number | null;
  last_processed_id: number | null;
  found_oldest: boolean;
  found_newest: boolean;
  ignored_because_not_subscribed_channels?: number[];
}

export interface MarkProgress {
  processed: number;
  updated: number;
  batches: number;
  done: boolean;
  /** A batch's answer was lost, so `updated` leaves out what that batch changed. */
  answerLost?: boolean;
}

/** Messages per request; the server may lower it (spec 4.13). */
export const BATCH = 1000;

/**
 * Sets or clears a flag over a whole narrow with POST /messages/flags/narrow, one batch at a time
 * from the oldest message, until the server reports it found the newest. For `read` the
 * `is:unread` filter is added, as the spec recommends.
 */
export async function updateFlagOverNarrow(
  bridge: ChatBridge,
  narrow: NarrowTerm[],
  flag: string,
  op: 'add' | 'remove',
  onProgress: (progress: MarkProgress) => void = () => undefined,
  signal?: { cancelled: boolean },
): Promise<MarkProgress> {
  const markingRead = flag === 'read' && op === 'add';
  const terms = markingRead ? [...narrow, { operator: 'is', operand: 'unread' }] : narrow;
  let anchor: number | 'oldest' = 'oldest';
  let includeAnchor = true;
  const progress: MarkProgress = { processed: 0, updated: 0, batches: 0, done: false };
  for (;;) {
    if (signal?.cancelled) return progress;
    let res: FlagsNarrowResponse;
    try {
      res = await callApi(bridge, 'updateMessageFlagsForNarrow', {
        anchor,
        include_anchor: includeAnchor,
        num_before: 0,
        num_after: BATCH,
        narrow: terms,
        op,
        flag,
      });
    } catch (error) {
      // A batch whose answer was lost may have marked what was left: then all is read, as asked.
      if (markingRead && (await nothingMatches(bridge, terms))) {
        progress.done = true;
        progress.answerLost = true;
        onProgress({ ...progress });
        return progress;
      }
      throw error;
    }
    progress.processed += res.processed_count;
    progress.updated += res.updated_count;
    progress.batches += 1;
    if (res.found_newest || res.last_processed_id === null || res.processed_count === 0) {
      progress.done = true;
      onProgress({ ...progress });
      return progress;
    }
    onProgress({ ...progress });
    anchor = res.last_processed_id;
    includeAnchor = false;
  }
}

/** True when the server answers that no message matches `narrow`; false when it cannot tell. */
async function nothingMatches(bridge: ChatBridge, narrow: NarrowTerm[]): Promise<boolean> {
  try {
    const { messages } = await callApi(bridge, 'getMessages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1,
      narrow,
    });
    return messages.length === 0;
  } catch {
    return false;
  }
}
