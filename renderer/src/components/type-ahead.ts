/**
 * Text typed into a dialog whose code is still loading (Ctrl+K, then the name at once, just after
 * the app started): the loading frame keeps it, so no letter goes to the page behind (where `j`
 * moves a list and others are shortcuts), and the dialog's first field receives it once open.
 */
let typedAhead = '';

interface Key {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  preventDefault(): void;
  stopPropagation(): void;
}

/** Keeps a printable key typed while a dialog loads; other keys (Esc, Tab) go on as usual. */
export function keepTypedAhead(event: Key): void {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  typedAhead += event.key;
  event.preventDefault();
  event.stopPropagation();
}

export function forgetTypedAhead(): void {
  typedAhead = '';
}

/** Types what was kept into `field`, if it is a text field (React hears it as typing). */
export function takeTypedAhead(field: Element | null): void {
  const text = typedAhead;
  typedAhead = '';
  if (!text || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  const end = field.value.length;
  field.setRangeText(text, field.selectionStart ?? end, field.selectionEnd ?? end, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
