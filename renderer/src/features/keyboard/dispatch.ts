import { SHORTCUTS, type KeySpec, type Shortcut } from './shortcuts';

/** What the dispatcher reads of a key press. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** Already handled by the element it happened in (a list's arrows, a field's Enter). */
  defaultPrevented: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

export interface KeyContext {
  /** A dialog, the settings screen, the lightbox, or a menu or picker is open. */
  overlayOpen: boolean;
  /** Cmd rather than Ctrl is the modifier. */
  mac: boolean;
}

/**
 * Inputs nothing is typed in: like a button, a letter pressed there is a shortcut and Esc leaves
 * (a checkbox just clicked, as a channel's "Mute channel", kept every key from the app). Radio
 * buttons and sliders are not among them: their arrows are their own.
 */
const KEYLESS_INPUT =
  'input[type="checkbox"], input[type="button"], input[type="submit"], input[type="reset"]';

/**
 * Whether keys typed at `target` are text: a field, an editable element, a select, or anywhere in
 * an area marked `data-typing-area` (the compose box: a letter typed on its toolbar was meant for
 * the message, not for a shortcut acting on the selected one).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest('[data-typing-area]')) return true;
  if (target.matches(KEYLESS_INPUT)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return (target as HTMLElement).isContentEditable === true;
}

/** Whether Enter at `target` belongs to it (it presses a button, follows a link, submits a form). */
function ownsEnter(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  return (
    target.closest(
      `button, a[href], [role="button"], [role="menuitem"], [role="option"], ${KEYLESS_INPUT}`,
    ) !== null
  );
}

function typedKeyIsShortcut(shortcut: Shortcut, mac: boolean): boolean {
  return shortcut.whileTyping === 'not-on-mac' ? !mac : shortcut.whileTyping === true;
}

function matches(spec: KeySpec, press: KeyPress, mac: boolean): boolean {
  if (press.altKey !== (spec.alt === true)) return false;
  const modifier = mac ? press.metaKey : press.ctrlKey;
  const other = mac ? press.ctrlKey : press.metaKey;
  if (spec.mod) return modifier && !other && press.key.toLowerCase() === spec.key;
  if (press.ctrlKey || press.metaKey) return false;
  // Shift is part of the character for `R`, `?`, `:` and `+`; Shift+Enter is not Enter.
  if (spec.key === 'Enter' && press.shiftKey) return false;
  return press.key === spec.key;
}

/** The shortcut a key press asks for, or null when the key is not one or belongs to where it was typed. */
export function shortcutFor(
  press: KeyPress,
  context: KeyContext,
  table: readonly Shortcut[] = SHORTCUTS,
): Shortcut | null {
  if (press.defaultPrevented || press.isComposing) return null;
  const typing = isTypingTarget(press.target);
  for (const shortcut of table) {
    if (shortcut.handledElsewhere) continue;
    if (!shortcut.keys.some((spec) => matches(spec, press, context.mac))) continue;
    if (typing && !typedKeyIsShortcut(shortcut, context.mac)) return null;
    if (context.overlayOpen && !shortcut.overOverlays) return null;
    if (press.key === 'Enter' && ownsEnter(press.target)) return null;
    return shortcut;
  }
  return null;
}
