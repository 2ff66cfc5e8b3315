import type { ReactNode } from 'react';

/** The title bar of a home view (Inbox, Recent conversations), with its controls. */
export function HomeHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="conversation-header home-header">
      <h1 data-testid="home-title">{title}</h1>
      {children}
    </header>
  );
}
