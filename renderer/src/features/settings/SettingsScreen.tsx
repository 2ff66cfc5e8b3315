import type { ReactNode } from 'react';
import { Loading } from '../../components/states';
import { LazyBoundary, lazyComponent } from '../../components/lazy';
import { useSettingsScreen } from './screen-store';
import { SettingsShell } from './SettingsShell';
import './settings.css';

// The screens behind it (preferences, groups, invitations, bots, ...) and the settings table with
// its schemas are not needed for the first screen: they load when settings first opens, or earlier
// when the pointer or focus reaches the button, or once the app is idle (ChatShell).
const SettingsPanel = lazyComponent(() => import('./SettingsPanel').then((m) => m.SettingsPanel));

/** The settings screen, covering the chat while open; its frame shows at once, its content when loaded. */
export function SettingsScreen() {
  const open = useSettingsScreen((s) => s.section !== null);
  if (!open) return null;
  return (
    <LazyBoundary
      fallback={<SettingsFrame busy />}
      frame={(content) => <SettingsFrame>{content}</SettingsFrame>}
    >
      <SettingsPanel />
    </LazyBoundary>
  );
}

/** The screen's frame while its content loads (or failed to): the same box, and Esc still closes it. */
function SettingsFrame({ busy = false, children }: { busy?: boolean; children?: ReactNode }) {
  return (
    <SettingsShell
      testId="settings-loading"
      busy={busy}
      nav={<nav className="settings-nav" aria-label="Settings sections" />}
    >
      {children ?? <Loading />}
    </SettingsShell>
  );
}

/** The top-bar entry into settings. */
export function SettingsButton() {
  const open = useSettingsScreen((s) => s.open);
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid="open-settings"
      aria-label="Settings"
      onPointerEnter={() => void SettingsPanel.preload()}
      onFocus={() => void SettingsPanel.preload()}
      onClick={() => open('personal')}
    >
      ⚙ Settings
    </button>
  );
}
