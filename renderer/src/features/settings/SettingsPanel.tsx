import { Suspense, useEffect, useRef } from 'react';
import { Loading } from '../../components/states';
import { useIsAdmin } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useRealmPermission } from '../../app/permissions';
import { useSettingsScreen } from './screen-store';
import { SECTIONS } from './sections';
import { SettingsShell } from './SettingsShell';

/**
 * The settings screen (loaded on first use: SettingsScreen.tsx): it covers the chat while open (Esc or "Back to chat" closes it), with the
 * sections the user may use on the left.
 */
export function SettingsPanel() {
  const section = useSettingsScreen((s) => s.section);
  const open = useSettingsScreen((s) => s.open);
  const isAdmin = useIsAdmin();
  const isGuest = useInitialState((s) => s.is_guest === true || s.role === 600) ?? false;
  const mayInvite = useRealmPermission('realm_can_invite_users_group', !isGuest);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!section) return;
    const previous = document.activeElement as HTMLElement | null;
    // Opened for one thing (the top bar's "Set status", `d`): its field, where that is typed or
    // chosen; otherwise the section list. A section still loading (lazy, or its list not read yet)
    // hands the keyboard to its field once drawn, unless the person moved it meanwhile.
    const screen = navRef.current?.parentElement;
    const fieldOf = () => screen?.querySelector<HTMLElement>('.settings-content [data-section-focus]');
    const wantsField = useSettingsScreen.getState().focus === 'section';
    const field = wantsField ? fieldOf() : null;
    const navItem = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    (field ?? navItem)?.focus();
    const waiting =
      wantsField && !field && screen
        ? new MutationObserver(() => {
            const drawn = fieldOf();
            if (!drawn) return;
            waiting?.disconnect();
            if (document.activeElement === navItem) drawn.focus();
          })
        : null;
    waiting?.observe(screen!, { childList: true, subtree: true });
    return () => {
      waiting?.disconnect();
      previous?.focus?.();
    };
    // Focus moves in when the screen opens, not on every section change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [section === null]);

  if (!section) return null;
  const current = SECTIONS.find((s) => s.id === section);
  const visible = SECTIONS.filter((s) => s.visible({ isAdmin, isGuest, mayInvite }) || s.id === section);
  const Content = current?.component;

  return (
    <SettingsShell
      testId="settings-screen"
      page={section}
      nav={
        <nav
          ref={navRef}
          className="settings-nav"
          aria-label="Settings sections"
          onKeyDown={(e) => {
            if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
            const buttons = [...(navRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
            const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
            const next = buttons[(index + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length];
            e.preventDefault();
            next?.focus();
          }}
        >
          {(['You', 'Organization'] as const).map((heading) => (
            <div key={heading} className="settings-nav-group">
              <h2>{heading}</h2>
              {visible
                .filter((s) => s.heading === heading)
                .map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    className={`row-main${s.id === section ? ' selected' : ''}`}
                    aria-current={s.id === section ? 'page' : undefined}
                    data-testid={`settings-nav-${s.id}`}
                    onClick={() => open(s.id)}
                  >
                    {s.label}
                  </button>
                ))}
            </div>
          ))}
        </nav>
      }
    >
      <Suspense fallback={<Loading />}>{Content ? <Content key={section} /> : null}</Suspense>
    </SettingsShell>
  );
}
