import { useLayoutEffect } from 'react';
import { useUserSetting } from '../../app/realm';
import { useNarrowStore } from '../../state/narrow';
import { homeTarget } from '../display-settings/root-presentation';

/** Shows the user's home view (`web_home_view`). */
export function openHome(webHomeView: unknown): void {
  const target = homeTarget(webHomeView);
  const store = useNarrowStore.getState();
  if (target.kind === 'all-messages') store.select({ kind: 'all' });
  else store.showView(target.kind);
}

/**
 * Whenever nothing is shown (the app opening, another account's first visit, a search cleared),
 * the home view opens: before paint, so no empty frame is drawn.
 */
export function useHomeWhenNothingShown(enabled: boolean): void {
  const nothing = useNarrowStore((s) => s.narrow === null && s.view === null);
  const webHomeView = useUserSetting<string>('web_home_view', 'inbox');
  useLayoutEffect(() => {
    if (enabled && nothing) openHome(webHomeView);
  }, [enabled, nothing, webHomeView]);
}
