import { escapeLayerOpen } from '../components/escape-layers';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import {
  applyPresentation,
  clearPresentation,
  escapeGoesHome,
  ROOT_SETTINGS,
  rootPresentation,
} from '../features/display-settings/root-presentation';
import { openHome } from '../features/home/open-home';
import { useSettingsScreen } from '../features/settings/screen-store';
import { useDialogStore } from '../state/dialogs';
import { useUserSetting } from './realm';
import { useInitialState } from './session';
import '../features/display-settings/display-settings.css';

/**
 * The one place where the user's display preferences (spec 4.6) reach the page: theme, contrast,
 * layout width, font size and line spacing, emoji set and clock become attributes and custom
 * properties of <html>. The register state holds them and user_settings events keep it current,
 * so a change applies at once here and in every other window of the user.
 */
export function useApplyUserSettings(): void {
  // A string, so the hook re-renders only when one of these settings changes.
  const snapshot = useInitialState((s) =>
    JSON.stringify(ROOT_SETTINGS.map((name) => s.user_settings?.[name] ?? s[name] ?? null)),
  );
  const presentation = useMemo(() => {
    const values = snapshot ? (JSON.parse(snapshot) as unknown[]) : [];
    return rootPresentation(Object.fromEntries(ROOT_SETTINGS.map((name, i) => [name, values[i]])));
  }, [snapshot]);
  // Before paint, so the first frame already has the user's font size and colours.
  useLayoutEffect(() => applyPresentation(document.documentElement, presentation), [presentation]);
  useLayoutEffect(() => () => clearPresentation(document.documentElement), []);
  useEscapeToHomeView();
}

/** web_escape_navigates_to_home_view: Esc, when nothing else takes it, opens the home view. */
function useEscapeToHomeView(): void {
  const enabled = useUserSetting<boolean>('web_escape_navigates_to_home_view', true);
  const homeView = useUserSetting<string>('web_home_view', 'inbox');
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      // Capture phase: this runs before a dialog's own Esc handler closes it, so closing a
      // dialog is never also a trip home.
      const overlayOpen =
        useDialogStore.getState().dialog !== null ||
        useSettingsScreen.getState().section !== null ||
        escapeLayerOpen();
      if (!escapeGoesHome(e, { enabled, overlayOpen })) return;
      openHome(homeView);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [enabled, homeView]);
}
