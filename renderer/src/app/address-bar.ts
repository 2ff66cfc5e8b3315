import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationLinkTarget, linkNamesOf } from '../api/conversation-links';
import { getInitialState } from '../api/keys';
import { currentServerBase } from '../components/sanitize';
import { useNarrowStore } from '../state/narrow';

/**
 * A conversation link in the address bar (`…/#narrow/channel/5-engineering/topic/deploy`), as
 * pasted into the web host or left there by a click, opens that conversation; so does changing it.
 */
export function useConversationFromAddressBar(ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    const openFromHash = () => {
      const state = getInitialState(queryClient);
      const target = conversationLinkTarget(
        window.location.hash,
        currentServerBase(),
        state?.user_id,
        linkNamesOf(state),
      );
      if (target) useNarrowStore.getState().select(target.narrow, target.anchor);
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [queryClient, ready]);
}
