import { useEffect } from 'react';
import type { ChatBridge } from '../../../../shared/ipc';
import type { InitialState } from '../../api/model';
import { narrowKey, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { fetchRawMessage } from '../message-actions/message-source';
import { useMessageSelection } from '../../state/message-selection';
import { useNarrowStore } from '../../state/narrow';
import { sameTopic } from '../messages/follow-moved-topic';

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

/**
 * The message kept with a topic (one of its messages when it was left), or null: where the topic
 * is now if it was moved (renamed, or to another channel) while the app was closed.
 */
export function keptMessageId(kept: unknown): number | null {
  const narrow = kept as { kind?: unknown; messageId?: unknown } | null;
  return narrow?.kind === 'topic' && isId(narrow.messageId) ? narrow.messageId : null;
}

/**
 * The place a reopened topic has moved to while the app was closed, found from the message kept
 * with it, as the real service's topic links follow a move (`with`); null when it is where it was,
 * its message is gone, or the new place cannot be opened here.
 */
export async function movedSince(
  bridge: ChatBridge,
  narrow: Extract<Narrow, { kind: 'topic' }>,
  messageId: number,
  state: InitialState | undefined,
): Promise<Narrow | null> {
  const message = await fetchRawMessage(bridge, messageId);
  if (typeof message?.stream_id !== 'number' || typeof message.subject !== 'string') return null;
  if (message.stream_id === narrow.streamId && sameTopic(message.subject, narrow.topic)) return null;
  return reopenable({ kind: 'topic', streamId: message.stream_id, topic: message.subject }, state);
}

/** Opens the place the reopened topic `narrow` has moved to, unless the user has gone elsewhere meanwhile. */
export async function followMoveSince(
  bridge: ChatBridge,
  narrow: Extract<Narrow, { kind: 'topic' }>,
  messageId: number,
  state: InitialState | undefined,
): Promise<void> {
  const moved = await movedSince(bridge, narrow, messageId, state).catch(() => null);
  if (moved && useNarrowStore.getState().narrow === narrow) useNarrowStore.getState().follow(moved, null);
}

/**
 * What main is told is open: a conversation (a topic with one of its messages once the feed has
 * selected one), or null for a home view or a search.
 */
function keptForm(narrow: Narrow | null, selectedId: number | undefined) {
  if (!narrow || narrow.kind === 'search') return null;
  return narrow.kind === 'topic' && selectedId !== undefined ? { ...narrow, messageId: selectedId } : narrow;
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
    let pending: string | null | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const record = () => {
      const { narrow, view } = useNarrowStore.getState();
      if (narrow === null && view === null) return;
      const selectedId = narrow ? useMessageSelection.getState().byNarrow[narrowKey(narrow)] : undefined;
      const kept = keptForm(narrow, selectedId);
      // Written again once a topic's message is known, not each time the selection moves on.
      const key = kept ? `${narrowKey(kept)}${'messageId' in kept ? '+' : ''}` : null;
      // Already on its way: the selection moving on (a reader scrolling) does not put it off.
      if (timer !== undefined && key === pending) return;
      clearTimeout(timer);
      timer = undefined;
      if (key === written) return;
      pending = key;
      timer = setTimeout(() => {
        timer = undefined;
        written = key;
        bridge.conversationCache.setOpen(kept, accountId).catch(() => undefined);
      }, RECORD_AFTER_MS);
    };
    const unsubscribe = useNarrowStore.subscribe(record);
    const unsubscribeSelection = useMessageSelection.subscribe(record);
    return () => {
      // A switch of accounts: what was open under the other one is not this one's.
      clearTimeout(timer);
      unsubscribe();
      unsubscribeSelection();
    };
  }, [bridge, accountId]);
}
