import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CACHED_MESSAGES_MAX, type CachedConversation } from '../../../../shared/ipc';
import type { GetMessagesResponse, Message } from '../../api/model';
import { narrowKey, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { conversationCacheKey } from '../../api/keys';
import { useAccountScope } from '../../state/account-scope';

/**
 * The last conversation the user saw at its newest message, kept by main for the next launch
 * (`conversationCache` in shared/ipc.ts). Opening that conversation again shows these messages
 * while the server is asked, then the live page: the newest messages have the same ids, so their
 * rows stay where they are.
 */

/** Saved once the conversation has been still this long (not on every message of a burst). */
const SAVE_AFTER_MS = 1000;

/** Search results are a lookup, not a place to come back to. */
function cacheable(narrow: Narrow): boolean {
  return narrow.kind !== 'search';
}

function sameNarrow(stored: unknown, narrow: Narrow): boolean {
  if (!stored || typeof stored !== 'object' || typeof (stored as { kind?: unknown }).kind !== 'string')
    return false;
  try {
    return narrowKey(stored as Narrow) === narrowKey(narrow);
  } catch {
    return false;
  }
}

/** The cached messages of `narrow` as the newest page of its feed, or undefined when none are kept. */
export function cachedPage(cached: CachedConversation | null | undefined, narrow: Narrow) {
  if (!cached || !cacheable(narrow) || !sameNarrow(cached.narrow, narrow)) return undefined;
  const messages = cached.messages as Message[];
  const newest = messages[messages.length - 1];
  if (!newest) return undefined;
  const page: GetMessagesResponse = {
    result: 'success',
    msg: '',
    messages,
    anchor: newest.id,
    found_anchor: true,
    found_oldest: false,
    found_newest: true,
  };
  return page;
}

/** What main keeps for the active account (read once per session); `settled` once it answered or failed. */
export function useCachedConversation(enabled: boolean): {
  data: CachedConversation | null | undefined;
  settled: boolean;
} {
  const bridge = useBridge();
  const query = useQuery({
    queryKey: conversationCacheKey,
    queryFn: () => bridge.conversationCache.last(),
    enabled,
    retry: false,
  });
  return { data: query.data, settled: !query.isPending };
}

/**
 * Keeps the newest messages of the conversation shown while the reader is at its newest page
 * (`atNewest`), once it has been still for a moment.
 */
export function useRememberConversation(
  narrow: Narrow,
  messages: readonly Message[],
  atNewest: boolean,
): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const accountId = useAccountScope((s) => s.accountId);
  const key = narrowKey(narrow);
  const newestId = messages[messages.length - 1]?.id;
  useEffect(() => {
    if (!accountId || !atNewest || newestId === undefined || !cacheable(narrow)) return;
    const timer = setTimeout(() => {
      const conversation = { narrow, messages: messages.slice(-CACHED_MESSAGES_MAX) };
      queryClient.setQueryData<CachedConversation>(conversationCacheKey, {
        ...conversation,
        savedAt: Date.now(),
      });
      bridge.conversationCache.save(conversation, accountId).catch(() => undefined);
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // `key` stands for the narrow; the messages are read when the timer fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, newestId, atNewest, bridge, queryClient, accountId]);
}
