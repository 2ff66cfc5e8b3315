import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../api/call';
import { ep } from '../../api/endpoints';
import type { Message } from '../../api/model';
import { narrowTerms, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';

interface MatchesResponse {
  messages: Record<string, { match_content: string; match_subject: string }>;
}

/**
 * For a search, the highlighted HTML of each loaded message: `match_content` from GET /messages
 * when the server sent it, otherwise asked with GET /messages/matches_narrow (spec 4.8).
 */
export interface Highlight {
  content: string;
  subject?: string;
}

export function useSearchHighlights(narrow: Narrow, messages: Message[]): Map<number, Highlight> {
  const bridge = useBridge();
  const isSearch = narrow.kind === 'search';
  const missing = useMemo(
    () => (isSearch ? messages.filter((m) => m.match_content === undefined).map((m) => m.id) : []),
    [isSearch, messages],
  );
  const matches = useQuery({
    queryKey: [ep.matchesNarrow, { msg_ids: missing, narrow: narrowTerms(narrow) }],
    queryFn: () =>
      callApi<MatchesResponse>(bridge, ep.matchesNarrow, { msg_ids: missing, narrow: narrowTerms(narrow) }),
    enabled: missing.length > 0,
  });
  return useMemo(() => {
    const map = new Map<number, Highlight>();
    if (!isSearch) return map;
    for (const m of messages)
      if (m.match_content !== undefined)
        map.set(m.id, { content: m.match_content, subject: m.match_subject });
    for (const [id, match] of Object.entries(matches.data?.messages ?? {}))
      map.set(Number(id), { content: match.match_content, subject: match.match_subject });
    return map;
  }, [isSearch, messages, matches.data]);
}
