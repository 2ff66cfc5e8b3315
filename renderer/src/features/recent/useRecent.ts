import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { useConnectionStore } from '../../state/connection';
import type { RecentData } from './recent-model';
import { fetchOlder, fetchRecent, recentKey } from './recent-query';

export interface OlderPages {
  hasOlder: boolean;
  loading: boolean;
  error: unknown;
  /** Asks for the page before the oldest message known; ignored while a request is under way. */
  load(): void;
}

/** The messages behind Recent conversations, and paging back in time: one request at a time. */
export function useRecent() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const selfId = useSelfId();
  const query = useQuery({
    queryKey: recentKey,
    queryFn: () => fetchRecent(bridge, selfId),
    // Older pages are merged in by `load`: a refetch would replace them with the newest page.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);
  const failed = useRef(false);

  const load = useCallback(() => {
    const data = queryClient.getQueryData<RecentData>(recentKey);
    if (inFlight.current || !data || data.foundOldest) return;
    inFlight.current = true;
    setLoading(true);
    setError(null);
    failed.current = false;
    fetchOlder(bridge, data, selfId)
      .then((merge) => {
        if (merge) queryClient.setQueryData<RecentData>(recentKey, (current) => current && merge(current));
      })
      .catch((e: unknown) => {
        failed.current = true;
        setError(e);
      })
      .finally(() => {
        inFlight.current = false;
        setLoading(false);
      });
  }, [bridge, queryClient, selfId]);

  // A page that failed while the server could not be reached loads once the connection is back,
  // as failed queries do (session.ts), rather than leaving its error beside a working connection.
  useEffect(
    () =>
      useConnectionStore.subscribe((state, prev) => {
        if (failed.current && state.status.state === 'connected' && prev.status.state !== 'connected') load();
      }),
    [load],
  );

  const older: OlderPages = {
    hasOlder: !!query.data && !query.data.foundOldest && query.data.messages.length > 0,
    loading,
    error,
    load,
  };
  return { query, older };
}
