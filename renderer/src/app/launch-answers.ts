import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openConversationKey } from '../api/keys';
import { useBridge } from './bridge-context';
import { useCachedConversation } from '../features/messages/conversation-cache';

/** How long the shell waits for main's answers below before it is drawn without them. */
const LAUNCH_ANSWERS_WAIT_MS = 1000;

/**
 * What the shell's first frame needs besides the session, all answered on this computer and asked
 * with the launch's first calls: the conversation to reopen (features/home/reopen-conversation.ts)
 * and that conversation's kept messages. The shell waits for them (a few milliseconds after the
 * session, or LAUNCH_ANSWERS_WAIT_MS at most) so it is drawn once, with the conversation and its
 * messages: drawn as soon as the session came, its first render held the page's main thread while
 * these answers waited, and a second render followed them.
 */
export function useLaunchAnswers(
  accountId: string,
  enabled: boolean,
): { settled: boolean; lastOpen: unknown } {
  const bridge = useBridge();
  const lastOpen = useQuery({
    queryKey: openConversationKey(accountId),
    queryFn: () => bridge.conversationCache.lastOpen(),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
  const cached = useCachedConversation(enabled);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setLate(true), LAUNCH_ANSWERS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const answered = !lastOpen.isPending && cached.settled;
  return { settled: enabled && (answered || late), lastOpen: lastOpen.data };
}
