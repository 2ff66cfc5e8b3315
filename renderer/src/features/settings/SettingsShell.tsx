import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { keepTabInside } from '../../components/focus-fallback';
import { holdsText } from '../../components/holds-text';
import { useSettingsScreen } from './screen-store';

/**
 * The settings screen's box: a modal covering the chat, closed by Esc or "Back to chat", with its
 * section list (`nav`) and content. Shared by the loading frame (first bundle) and the loaded panel,
 * so both are the same box. Esc in a field with text in it leaves the field (to the section) instead:
 * the forms' unsaved text is theirs, and closing the screen would drop it. The connection notice is
 * repeated at its top, since the screen covers the chat's. Each section (`page`) opens at its top:
 * the content box is one for all of them, and would keep the last one's scroll.
 */
export function SettingsShell({
  testId,
  busy = false,
  page,
  nav,
  children,
}: {
  testId: string;
  busy?: boolean;
  page?: string;
  nav: ReactNode;
  children: ReactNode;
}) {
  const close = useSettingsScreen((s) => s.close);
  const content = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (content.current) content.current.scrollTop = 0;
  }, [page]);
  return (
    <div
      className="settings-screen"
      role="dialog"
      aria-modal="true"
      aria-label="Settings"
      aria-busy={busy || undefined}
      data-testid={testId}
      tabIndex={-1}
      onKeyDown={(e) => {
        keepTabInside(e, e.currentTarget);
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        if (holdsText(e.target)) content.current?.focus();
        else close();
      }}
    >
      <div className="settings-notices">
        <ConnectionBanner />
      </div>
      <header className="settings-top">
        <h1>Settings</h1>
        <button type="button" className="btn" data-testid="settings-close" onClick={close}>
          ← Back to chat
        </button>
      </header>
      {nav}
      <main className="settings-content" ref={content} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
