import { create } from 'zustand';

/**
 * Which settings section is open, mirrored in the location hash (`#settings/<section>`) so a
 * section is a route: reloads keep it, and it can be linked to.
 */
export const SECTION_IDS = [
  'personal',
  'status',
  'drafts',
  'scheduled',
  'snippets',
  'muted-users',
  'bots',
  'user-groups',
  'invitations',
  'org-defaults',
  'linkifiers',
  'about',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

const PREFIX = '#settings/';

export function sectionFromHash(hash: string): SectionId | null {
  if (!hash.startsWith(PREFIX)) return null;
  const id = hash.slice(PREFIX.length);
  return (SECTION_IDS as readonly string[]).includes(id) ? (id as SectionId) : null;
}

export function hashOf(section: SectionId | null): string {
  return section ? `${PREFIX}${section}` : '';
}

/**
 * Where the keyboard goes as the screen opens: the section list (the settings button: the person
 * picks a section), or the open section's own field (`data-section-focus`), for an entry that says
 * what it is for (the top bar's "Set status": the status text).
 */
export type SettingsFocus = 'nav' | 'section';

interface SettingsScreenState {
  section: SectionId | null;
  focus: SettingsFocus;
  open(section: SectionId, options?: { focus?: SettingsFocus }): void;
  close(): void;
}

function writeHash(section: SectionId | null): void {
  if (typeof window === 'undefined') return;
  const next = hashOf(section);
  if (window.location.hash === next || (!next && !window.location.hash)) return;
  // Replace rather than push: Back should not step through settings sections.
  const url = `${window.location.pathname}${window.location.search}${next}`;
  window.history.replaceState(window.history.state, '', url);
}

export const useSettingsScreen = create<SettingsScreenState>((set) => ({
  section: typeof window === 'undefined' ? null : sectionFromHash(window.location.hash),
  focus: 'nav',
  open: (section, options) => {
    writeHash(section);
    set({ section, focus: options?.focus ?? 'nav' });
  },
  close: () => {
    writeHash(null);
    set({ section: null });
  },
}));

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => {
    const section = sectionFromHash(window.location.hash);
    if (section !== useSettingsScreen.getState().section)
      useSettingsScreen.setState({ section, focus: 'nav' });
  });
}
