import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('focus', onChange);
  window.addEventListener('blur', onChange);
  return () => {
    window.removeEventListener('focus', onChange);
    window.removeEventListener('blur', onChange);
  };
}

/** Whether the app's window has the focus, kept current. */
export function useWindowFocused(): boolean {
  return useSyncExternalStore(subscribe, () => document.hasFocus?.() ?? true);
}
