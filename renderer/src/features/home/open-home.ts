import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { getInitialState, openConversationKey } from '../../api/keys';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useNarrowStore } from '../../state/narrow';
import { homeTarget } from '../display-settings/root-presentation';
import { reopenable } from './reopen-conversation';

/** Shows the user's home view (`web_home_view`). */
export function openHome(webHomeView: unknown): void {
  const target = homeTarget(webHomeView);
  const store = useNarrowStore.getState();
  if (target.kind === 'all-messages') store.select({ kind: 'all' });
  else store.showView(target.kind);
}

/** How long the launch waits for main to say which conversation was open before it shows the home view. */
const OPEN_ANSWER_WAIT_MS = 1000;

/**
 * Whenever nothing is shown, something opens, before paint so no empty frame is drawn: at the
 * launch (for each account, the first time its window is drawn), the conversation that was open
 * when the app was last used if it can still be opened (reopen-conversation.ts); otherwise, and
 * later (a search cleared), the home view.
 */
export function useHomeWhenNothingShown(accountId: string, enabled: boolean): void {
  const nothing = useNarrowStore((s) => s.narrow === null && s.view === null);
  const webHomeView = useUserSetting<string>('web_home_view', 'inbox');
  const queryClient = useQueryClient();
  const launching = useRef(true);
  const lastOpen = useLastOpenConversation(accountId, enabled);
  useLayoutEffect(() => {
    if (!enabled || !nothing) return;
    if (launching.current) {
      if (!lastOpen.settled) return;
      launching.current = false;
      const narrow = reopenable(lastOpen.data, getInitialState(queryClient));
      if (narrow) {
        useNarrowStore.getState().select(narrow);
        return;
      }
    }
    openHome(webHomeView);
  }, [enabled, nothing, webHomeView, lastOpen.settled, lastOpen.data, queryClient]);
}

/** Main's answer (asked with the launch's first calls), settled once it came, failed or is late. */
function useLastOpenConversation(accountId: string, enabled: boolean) {
  const bridge = useBridge();
  const query = useQuery({
    queryKey: openConversationKey(accountId),
    queryFn: () => bridge.conversationCache.lastOpen(),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setLate(true), OPEN_ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  return { settled: !query.isPending || late, data: query.data };
}
