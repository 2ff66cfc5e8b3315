import { useEffect } from 'react';
import type { InitialState } from '../../api/model';
import { narrowKey, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { useNarrowStore } from '../../state/narrow';

/**
 * A launch reopens the conversation that was open when the app was last used, as a reload of the
 * real service's web app keeps the conversation in its address; a home view, a search or nothing
 * shown then means the home view now. Main keeps which one it was (`conversationCache.setOpen`).
 */

/** Written once the user has stayed in a conversation this long (not for each one passed through). */
const RECORD_AFTER_MS = 250;

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/**
 * The conversation to reopen from what main kept, or null: nothing kept, something unreadable
 * (another version's shape), or a conversation the user can no longer open here (a channel left
 * meanwhile, a person gone from the organization).
 */
export function reopenable(kept: unknown, state: InitialState | undefined): Narrow | null {
  if (!kept || typeof kept !== 'object' || !state) return null;
  const narrow = kept as Partial<Record<string, unknown>>;
  const subscribed = (streamId: unknown) =>
    isId(streamId) && (state.subscriptions ?? []).some((s) => s.stream_id === streamId);
  switch (narrow.kind) {
    case 'all':
    case 'starred':
      return { kind: narrow.kind };
    case 'channel':
      return subscribed(narrow.streamId) ? { kind: 'channel', streamId: narrow.streamId as number } : null;
    case 'topic':
      return subscribed(narrow.streamId) && typeof narrow.topic === 'string'
        ? { kind: 'topic', streamId: narrow.streamId as number, topic: narrow.topic }
        : null;
    case 'dm': {
      const ids = narrow.userIds;
      if (!Array.isArray(ids) || !ids.every(isId) || ids.length > 100) return null;
      const known = new Set(
        [...(state.realm_users ?? []), ...(state.cross_realm_bots ?? [])].map((u) => u.user_id),
      );
      return ids.every((id) => known.has(id)) ? { kind: 'dm', userIds: [...ids] } : null;
    }
    default:
      // Searches are lookups, not places: they are never kept.
      return null;
  }
}

/** What main is told is open: a conversation, or null for a home view or a search. */
function keptForm(narrow: Narrow | null): Narrow | null {
  return narrow && narrow.kind !== 'search' ? narrow : null;
}

/**
 * Tells main which conversation is open, once the user has stayed in it a moment, for the next
 * launch. Until something is shown (the launch deciding what to open) nothing is written, so the
 * launch's own question is never answered with its empty start.
 */
export function useRecordOpenConversation(accountId: string): void {
  const bridge = useBridge();
  useEffect(() => {
    let written: string | null | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const record = ({ narrow, view }: { narrow: Narrow | null; view: unknown }) => {
      if (narrow === null && view === null) return;
      const kept = keptForm(narrow);
      const key = kept ? narrowKey(kept) : null;
      clearTimeout(timer);
      if (key === written) return;
      timer = setTimeout(() => {
        written = key;
        bridge.conversationCache.setOpen(kept).catch(() => undefined);
      }, RECORD_AFTER_MS);
    };
    const unsubscribe = useNarrowStore.subscribe(record);
    return () => {
      // A switch of accounts: what was open under the other one is not this one's.
      clearTimeout(timer);
      unsubscribe();
    };
  }, [bridge, accountId]);
}
