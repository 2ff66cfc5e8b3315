/**
 * Whether Enter (without modifiers) sends, or Ctrl/Cmd+Enter, per the `enter_sends` setting: for the
 * compose box, and for the edit dialog's text, which follows the same setting as in the real service.
 */
export function isSendKey(
  event: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean },
  enterSends: boolean,
): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false;
  return enterSends || event.ctrlKey || event.metaKey;
}
