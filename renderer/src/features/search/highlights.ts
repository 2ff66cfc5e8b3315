import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../api/call';
import { feedRootKey, type FeedData, type QueryCacheAccess } from '../../api/keys';
import type { Message } from '../../api/model';
import { narrowKey, narrowTerms, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';

export interface Highlight {
  content: string;
  subject?: string;
}

export interface SearchView {
  /** Highlighted HTML per message id. */
  highlights: Map<number, Highlight>;
  /** Messages not shown: still being checked, or checked and not matching. */
  hidden: Set<number>;
}

/**
 * A message edited or moved since the search last said whether it matches: asked again. One
 * object per change, so an answer about the message as it was is told apart and dropped.
 */
interface Recheck {
  recheck: true;
  /** It matched before the change: shown (its new text, unhighlighted) until the answer. */
  shown: boolean;
  serial: number;
}

let recheckSerial = 0;

/** What matches_narrow said of a message (null: does not match), or that it must be asked again. */
type Answer = Highlight | null | Recheck;

const isRecheck = (answer: Answer | undefined): answer is Recheck =>
  answer !== null && answer !== undefined && 'recheck' in answer;

const answersKey = (narrow: Narrow) => ['search-answers', narrowKey(narrow)] as const;

/**
 * After an edit or a move, the matches the server gave for `ids` (`match_content`, or an earlier
 * matches_narrow answer) describe the messages as they were: each open search asks again. Call
 * before the cached messages lose their `match_content` (`editedBy`), which tells what matched.
 */
export function recheckSearchMatches(queryClient: QueryCacheAccess, ids: ReadonlySet<number>): void {
  if (ids.size === 0) return;
  for (const [key, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedRootKey })) {
    const narrow = (key[1] as { narrow?: Narrow } | undefined)?.narrow;
    if (narrow?.kind !== 'search' || !data || !Array.isArray(data.pages)) continue;
    const answers = queryClient.getQueryData<Record<string, Answer>>(answersKey(narrow)) ?? {};
    const marks: Record<string, Recheck> = {};
    for (const page of data.pages)
      for (const m of page.messages) {
        if (!ids.has(m.id)) continue;
        const before = answers[String(m.id)];
        const matched =
          m.match_content !== undefined || (before ? !isRecheck(before) || before.shown : false);
        marks[String(m.id)] = { recheck: true, shown: matched, serial: ++recheckSerial };
      }
    if (Object.keys(marks).length > 0)
      queryClient.setQueryData<Record<string, Answer>>(answersKey(narrow), { ...answers, ...marks });
  }
}

/**
 * For a search: the highlighted HTML of each loaded message. GET /messages sends `match_content`
 * for what it returns; messages that arrive later by events (the reducer cannot tell whether they
 * match a search), and those edited or moved since, are checked with GET /messages/matches_narrow
 * (spec 4.8), shown highlighted if they match and never shown if they do not.
 */
export function useSearchHighlights(narrow: Narrow, messages: Message[]): SearchView {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const isSearch = narrow.kind === 'search';
  const key = answersKey(narrow);
  const answers = useQuery<Record<string, Answer>>({
    queryKey: key,
    queryFn: () => ({}),
    initialData: {},
    staleTime: Infinity,
  });
  const answered = answers.data;
  const unchecked = useMemo(
    () =>
      isSearch
        ? messages.filter((m) => {
            if (m.match_content !== undefined) return false;
            const answer = answered[String(m.id)];
            return answer === undefined || isRecheck(answer);
          })
        : [],
    [isSearch, messages, answered],
  );
  const terms = narrowTerms(narrow);
  const asked = unchecked.map((m) => answered[String(m.id)]);
  useQuery({
    // The marks in the key: a message changed again asks again, even with the same ids.
    queryKey: [
      'search-check',
      narrowKey(narrow),
      unchecked.map((m) => m.id),
      asked.map((answer) => (isRecheck(answer) ? answer.serial : 0)),
    ],
    queryFn: async () => {
      const ids = unchecked.map((m) => m.id);
      const response = await callApi(bridge, 'checkMessagesMatchNarrow', { msg_ids: ids, narrow: terms });
      queryClient.setQueryData<Record<string, Answer>>(key, (previous = {}) => {
        const next = { ...previous };
        ids.forEach((id, i) => {
          // Changed again while asked: this answer is about what it was.
          if (previous[String(id)] !== asked[i]) return;
          const match = response.messages[String(id)];
          next[String(id)] = match ? { content: match.match_content, subject: match.match_subject } : null;
        });
        return next;
      });
      return true;
    },
    enabled: unchecked.length > 0,
    gcTime: 0,
  });

  return useMemo(() => {
    const highlights = new Map<number, Highlight>();
    const hidden = new Set<number>();
    if (!isSearch) return { highlights, hidden };
    for (const m of messages) {
      if (m.match_content !== undefined) {
        highlights.set(m.id, { content: m.match_content, subject: m.match_subject });
        continue;
      }
      const answer = answered[String(m.id)];
      if (isRecheck(answer)) {
        if (!answer.shown) hidden.add(m.id);
      } else if (answer) highlights.set(m.id, answer);
      else hidden.add(m.id);
    }
    return { highlights, hidden };
  }, [isSearch, messages, answered]);
}
