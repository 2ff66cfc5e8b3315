import type { ReactNode } from 'react';
import { useSettingsScreen } from './screen-store';

/**
 * The settings screen's box: a modal covering the chat, closed by Esc or "Back to chat", with its
 * section list (`nav`) and content. Shared by the loading frame (first bundle) and the loaded panel,
 * so both are the same box.
 */
export function SettingsShell({
  testId,
  busy = false,
  nav,
  children,
}: {
  testId: string;
  busy?: boolean;
  nav: ReactNode;
  children: ReactNode;
}) {
  const close = useSettingsScreen((s) => s.close);
  return (
    <div
      className="settings-screen"
      role="dialog"
      aria-modal="true"
      aria-label="Settings"
      aria-busy={busy || undefined}
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <header className="settings-top">
        <h1>Settings</h1>
        <button type="button" className="btn" data-testid="settings-close" onClick={close}>
          ← Back to chat
        </button>
      </header>
      {nav}
      <main className="settings-content">{children}</main>
    </div>
  );
}
