/**
 * The compose box, once the conversation it belongs to has rendered (after a dialog that opened it
 * has given focus back to what it came from): the cursor after its text.
 */
export function focusComposeSoon(): void {
  requestAnimationFrame(() => {
    const box = document.querySelector<HTMLTextAreaElement>('[data-testid="compose-input"]');
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  });
}
