import { isTypingTarget } from '../keyboard/dispatch';

/**
 * How the display preferences of spec 4.6 that are pure styling show on the document root:
 * attributes the stylesheet keys on (display-settings.css), and custom properties the feed and
 * compose box read. Preferences that change behaviour (clock, emoji set, reaction names, starred
 * count, mark-read policy, Esc) are read where that behaviour lives. Pure, so it is tested alone.
 */

/** The user's settings as the register state holds them (`user_settings`, or top level on old servers). */
export type SettingsRecord = Readonly<Record<string, unknown>>;

export interface RootPresentation {
  /** `data-*` attributes of <html>; null removes the attribute. */
  attributes: Record<string, string | null>;
  /** CSS custom properties of <html>; null removes the property. */
  properties: Record<string, string | null>;
}

/** The display preferences read here, so the hook re-renders only when one of them changes. */
export const ROOT_SETTINGS = [
  'color_scheme',
  'high_contrast_mode',
  'fluid_layout_width',
  'web_font_size_px',
  'web_line_height_percent',
] as const;

// Bounds that keep a stray value (another client's) from breaking the layout; the number fields
// offer only these.
import { FONT_SIZE_PX, LINE_HEIGHT_PERCENT } from '../../../../shared/api/plain-values';
export { FONT_SIZE_PX, LINE_HEIGHT_PERCENT };

function clampedInteger(value: unknown, bounds: { min: number; max: number }): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(value)));
}

/** color_scheme: 1 automatic (no attribute: the system's choice), 2 dark, 3 light. */
export function themeOf(colorScheme: unknown): 'dark' | 'light' | null {
  if (colorScheme === 2) return 'dark';
  if (colorScheme === 3) return 'light';
  return null;
}

export function rootPresentation(settings: SettingsRecord | undefined): RootPresentation {
  const s = settings ?? {};
  const fontPx = clampedInteger(s.web_font_size_px, FONT_SIZE_PX);
  const linePercent = clampedInteger(s.web_line_height_percent, LINE_HEIGHT_PERCENT);
  return {
    attributes: {
      'data-theme': themeOf(s.color_scheme),
      'data-high-contrast': s.high_contrast_mode === true ? 'true' : null,
      'data-fluid-layout': s.fluid_layout_width === true ? 'true' : null,
    },
    properties: {
      '--message-font-size': fontPx === null ? null : `${fontPx}px`,
      // 120 percent is a unitless 1.2, so nested text scales with its own font size.
      '--message-line-height': linePercent === null ? null : String(linePercent / 100),
    },
  };
}

/** Writes a presentation onto an element (the document root in the app). */
export function applyPresentation(element: HTMLElement, presentation: RootPresentation): void {
  for (const [name, value] of Object.entries(presentation.attributes)) {
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
  for (const [name, value] of Object.entries(presentation.properties)) {
    if (value === null) element.style.removeProperty(name);
    else element.style.setProperty(name, value);
  }
}

/** Removes everything `rootPresentation` may set (signing out, or switching accounts). */
export function clearPresentation(element: HTMLElement): void {
  const empty = rootPresentation(undefined);
  for (const name of Object.keys(empty.attributes)) element.removeAttribute(name);
  for (const name of Object.keys(empty.properties)) element.style.removeProperty(name);
}

/**
 * web_home_view values: `all_messages` is the combined feed ("All messages"), `recent_topics`
 * Recent conversations, `inbox` (the default) the Inbox; an unknown value falls back to the Inbox.
 */
export type HomeTarget = { kind: 'all-messages' } | { kind: 'inbox' } | { kind: 'recent' };

/** The view the app opens at, and where Esc goes when web_escape_navigates_to_home_view is on. */
export function homeTarget(webHomeView: unknown): HomeTarget {
  if (webHomeView === 'all_messages') return { kind: 'all-messages' };
  if (webHomeView === 'recent_topics') return { kind: 'recent' };
  return { kind: 'inbox' };
}

/**
 * Whether an Esc keypress should go to the home view: only when nothing else uses the key (a
 * dialog, the settings screen, a menu or picker, a field being typed in, or anywhere in the compose
 * box, whose Esc leaves the box, as from its text).
 */
export function escapeGoesHome(
  event: { key: string; defaultPrevented: boolean; target: EventTarget | null },
  state: { enabled: boolean; overlayOpen: boolean },
): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || !state.enabled || state.overlayOpen) return false;
  const target = event.target as Element | null;
  if (!target || typeof target.closest !== 'function') return true;
  if (isTypingTarget(target)) return false;
  return !target.closest('[role="dialog"], [role="menu"], .emoji-picker');
}
