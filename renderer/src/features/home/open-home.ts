import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { getInitialState } from '../../api/keys';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useNarrowStore } from '../../state/narrow';
import { homeTarget } from '../display-settings/root-presentation';
import { followMoveSince, keptMessageId, reopenable } from './reopen-conversation';

/** Shows the user's home view (`web_home_view`). */
export function openHome(webHomeView: unknown): void {
  const target = homeTarget(webHomeView);
  const store = useNarrowStore.getState();
  if (target.kind === 'all-messages') store.select({ kind: 'all' });
  else store.showView(target.kind);
}

/**
 * Whenever nothing is shown, something opens, before paint so no empty frame is drawn: at the
 * launch (for each account, the first time its window is drawn), the conversation that was open
 * when the app was last used if it can still be opened (`lastOpen`, main's answer, see
 * reopen-conversation.ts); otherwise, and later (a search cleared), the home view.
 */
export function useHomeWhenNothingShown(enabled: boolean, lastOpen: unknown): void {
  const nothing = useNarrowStore((s) => s.narrow === null && s.view === null);
  const webHomeView = useUserSetting<string>('web_home_view', 'inbox');
  const queryClient = useQueryClient();
  const bridge = useBridge();
  const launching = useRef(true);
  useLayoutEffect(() => {
    if (!enabled) return;
    // Only the launch's first look: a conversation already shown (a link in the address) ends it.
    const launch = launching.current;
    launching.current = false;
    if (!nothing) return;
    if (launch) {
      const state = getInitialState(queryClient);
      const narrow = reopenable(lastOpen, state);
      if (narrow) {
        useNarrowStore.getState().select(narrow);
        const messageId = keptMessageId(lastOpen);
        if (narrow.kind === 'topic' && messageId !== null)
          void followMoveSince(bridge, narrow, messageId, state);
        return;
      }
    }
    openHome(webHomeView);
  }, [enabled, nothing, webHomeView, lastOpen, queryClient, bridge]);
}
