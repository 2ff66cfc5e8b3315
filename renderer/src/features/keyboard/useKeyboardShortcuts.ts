import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBridge } from '../../app/bridge-context';
import { escapeLayerOpen } from '../../components/escape-layers';
import { useDialogStore } from '../../state/dialogs';
import { useSettingsScreen } from '../settings/screen-store';
import { useLightboxStore } from '../uploads/lightbox-store';
import { ACTIONS } from './actions';
import { shortcutFor } from './dispatch';

export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function overlayOpen(): boolean {
  return (
    useDialogStore.getState().dialog !== null ||
    useSettingsScreen.getState().section !== null ||
    useLightboxStore.getState().images.length > 0 ||
    escapeLayerOpen()
  );
}

/**
 * The one global keydown handler of the shortcuts (Esc excepted: dialogs, menus and the home view
 * own it). Bubble phase on window: a key an element handled itself (a list's arrows) arrives with
 * `defaultPrevented` and is left alone.
 */
export function useKeyboardShortcuts(): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(() => {
    const mac = isMac();
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event, { overlayOpen: overlayOpen(), mac });
      if (!shortcut) return;
      if (ACTIONS[shortcut.action]({ bridge, queryClient })) event.preventDefault();
    };
    // A mouse's back and forward buttons step through the same history as Alt+← and Alt+→.
    const onMouseUp = (event: MouseEvent) => {
      const action = event.button === 3 ? 'go-back' : event.button === 4 ? 'go-forward' : null;
      if (action && !overlayOpen() && ACTIONS[action]({ bridge, queryClient })) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('mouseup', onMouseUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('mouseup', onMouseUp);
    };
  }, [bridge, queryClient]);
}
