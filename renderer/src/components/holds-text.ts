const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

/** A field holding text the user may be typing, which one Esc must not throw away with its form. */
export function holdsText(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  const field =
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type));
  return field && target.value !== '';
}
