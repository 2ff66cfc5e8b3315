import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../api/call';
import type { Message } from '../../api/model';
import { apiQueryKey } from '../../api/queries';
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
 * For a search: the highlighted HTML of each loaded message. GET /messages sends `match_content`
 * for what it returns; messages that arrive later by events (the reducer cannot tell whether they
 * match a search) are checked with GET /messages/matches_narrow (spec 4.8), shown highlighted if
 * they match and never shown if they do not.
 */
export function useSearchHighlights(narrow: Narrow, messages: Message[]): SearchView {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const isSearch = narrow.kind === 'search';
  // What matches_narrow said so far, per message id (null: does not match).
  const answersKey = ['search-answers', narrowKey(narrow)];
  const answers = useQuery<Record<string, Highlight | null>>({
    queryKey: answersKey,
    queryFn: () => ({}),
    initialData: {},
    staleTime: Infinity,
  });
  const answered = answers.data;
  const unchecked = useMemo(
    () =>
      isSearch
        ? messages
            .filter((m) => m.match_content === undefined && !(String(m.id) in answered))
            .map((m) => m.id)
        : [],
    [isSearch, messages, answered],
  );
  const terms = narrowTerms(narrow);
  useQuery({
    queryKey: apiQueryKey('checkMessagesMatchNarrow', { msg_ids: unchecked, narrow: terms }),
    queryFn: async () => {
      const response = await callApi(bridge, 'checkMessagesMatchNarrow', {
        msg_ids: unchecked,
        narrow: terms,
      });
      const next: Record<string, Highlight | null> = {};
      for (const id of unchecked) {
        const match = response.messages[String(id)];
        next[String(id)] = match ? { content: match.match_content, subject: match.match_subject } : null;
      }
      queryClient.setQueryData<Record<string, Highlight | null>>(answersKey, (previous) => ({
        ...previous,
        ...next,
      }));
      return true;
    },
    enabled: unchecked.length > 0,
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
      if (answer) highlights.set(m.id, answer);
      else hidden.add(m.id);
    }
    return { highlights, hidden };
  }, [isSearch, messages, answered]);
}
