/**
 * Replaces a range of a textarea the way typing would: through `execCommand('insertText')`, so the
 * change joins the browser's undo history (Ctrl+Z takes it back) and React hears an input event.
 * Where that command is unavailable (jsdom, or a browser that dropped it), `setRangeText` and a
 * synthetic input event do the same without undo.
 */
export function replaceRange(
  el: HTMLTextAreaElement,
  from: number,
  to: number,
  insert: string,
  select?: { start: number; end: number },
): void {
  el.focus();
  el.setSelectionRange(from, to);
  const inserted =
    insert !== '' &&
    typeof document.execCommand === 'function' &&
    document.execCommand('insertText', false, insert);
  if (!inserted) {
    el.setRangeText(insert, from, to, 'end');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (select) el.setSelectionRange(select.start, select.end);
}
