import { replaceEqualDeep, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { SessionStarted } from '../../../shared/ipc';
import type { GetMessagesResponse, InitialState, Message } from './model';
import type { FeedAnchor, Narrow } from './narrow';

/** Query keys: each GET is keyed by [operation, params]; the session is the register state. */
export const sessionKey = ['session'] as const;
export const accountsActiveKey = ['accounts', 'active'] as const;
export const accountsListKey = ['accounts', 'list'] as const;
/** The conversation main kept from the last launch (features/messages/conversation-cache.ts). */
export const conversationCacheKey = ['conversationCache'] as const;
/** The conversation an account had open when the app was last used (features/home/reopen-conversation.ts). */
export const openConversationKey = (accountId: string) => ['conversationCache', 'open', accountId] as const;
export const feedKey = (narrow: Narrow, anchor: FeedAnchor = null) =>
  ['getMessages', { narrow, anchor }] as const;
/** Every feed (infinite query) lives under this root; other message queries use other roots. */
export const feedRootKey = ['getMessages'] as const;

export type FeedPageParam = {
  anchor: number | 'newest' | 'oldest' | 'first_unread';
  before: number;
  after: number;
  includeAnchor: boolean;
};
export type FeedData = InfiniteData<GetMessagesResponse, FeedPageParam>;

/** What the event reducers may do with the query cache: a QueryClient, or a batch staging its writes. */
export type QueryCacheAccess = Pick<
  QueryClient,
  'getQueryData' | 'setQueryData' | 'getQueriesData' | 'setQueriesData' | 'invalidateQueries'
>;

function getSession(queryClient: QueryCacheAccess): SessionStarted | undefined {
  return queryClient.getQueryData<SessionStarted>(sessionKey);
}

export function getInitialState(queryClient: QueryCacheAccess): InitialState | undefined {
  return getSession(queryClient)?.initialState;
}

const isSession = (data: unknown): data is SessionStarted | null =>
  data === null || (typeof data === 'object' && 'initialState' in data && 'generation' in data);

/**
 * The register state is replaced as a whole by every event (`updateInitialState`), with only the
 * changed parts as new objects, so deep-comparing it with the previous state (unread lists of up to
 * 100,000 ids) is wasted work. A value selected from it keeps its previous identity when it is
 * shallowly equal, so a component re-renders only when its selection changes, and at the cost of
 * one level of comparison: selections are parts of the state, or small values built from them.
 */
export function sessionSharing(prev: unknown, next: unknown): unknown {
  if (!isSession(next)) return shallowShare(prev, next);
  if (keepsLive(prev, next)) return prev;
  return next && replacesKept(prev, next)
    ? { ...next, initialState: replaceEqualDeep(prev.initialState, next.initialState) }
    : next;
}

/**
 * The live session arriving after the window was drawn from the kept one: mostly the same state, so
 * its unchanged parts keep their identity and only what changed since the last launch is drawn
 * again. Compared once per launch; every later state comes from an event and shares by itself.
 */
function replacesKept(prev: unknown, next: SessionStarted | null): prev is SessionStarted {
  return (
    !!next &&
    !next.keptFromLastLaunch &&
    isSession(prev) &&
    !!prev?.keptFromLastLaunch &&
    prev.accountId === next.accountId
  );
}

/** A late answer carrying the state kept from the last launch never replaces the live session. */
function keepsLive(prev: unknown, next: SessionStarted | null): boolean {
  return (
    !!next?.keptFromLastLaunch &&
    isSession(prev) &&
    !!prev &&
    !prev.keptFromLastLaunch &&
    prev.accountId === next.accountId
  );
}

function shallowShare(prev: unknown, next: unknown): unknown {
  if (Object.is(prev, next)) return prev;
  if (Array.isArray(prev) && Array.isArray(next))
    return prev.length === next.length && prev.every((v, i) => Object.is(v, next[i])) ? prev : next;
  if (!isPlainObject(prev) || !isPlainObject(next)) return next;
  const keys = Object.keys(next);
  if (keys.length !== Object.keys(prev).length) return next;
  return keys.every((key) => key in prev && Object.is(prev[key], next[key])) ? prev : next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Replaces the register state with `update(state)`; a no-op before the first session. */
export function updateInitialState(
  queryClient: QueryCacheAccess,
  update: (state: InitialState) => InitialState,
): void {
  queryClient.setQueryData<SessionStarted>(sessionKey, (session) => {
    if (!session) return session;
    const next = update(session.initialState);
    return next === session.initialState ? session : { ...session, initialState: next };
  });
}

/** Maps every cached message of every feed; `map` returns the same object for "unchanged". */
export function updateCachedMessages(
  queryClient: QueryCacheAccess,
  map: (message: Message) => Message,
): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedRootKey }, (data) => {
    if (!data || !Array.isArray(data.pages)) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      let pageChanged = false;
      const messages = page.messages.map((m) => {
        const next = map(m);
        if (next !== m) pageChanged = true;
        return next;
      });
      if (!pageChanged) return page;
      changed = true;
      return { ...page, messages };
    });
    return changed ? { ...data, pages } : data;
  });
}

export function findCachedMessage(queryClient: QueryCacheAccess, id: number): Message | undefined {
  for (const [, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedRootKey })) {
    for (const page of Array.isArray(data?.pages) ? data.pages : []) {
      const found = page.messages.find((m) => m.id === id);
      if (found) return found;
    }
  }
  return undefined;
}
