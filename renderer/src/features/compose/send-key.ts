import type { KeyboardEvent } from 'react';
import { replaceRange } from './text-edit';

type EnterKeyEvent = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

/**
 * Whether this key sends, per the `enter_sends` setting, as in the real service: with it on, Enter
 * alone; with it off, Enter with Ctrl, Cmd or Alt. Shift+Enter never sends.
 */
export function isSendKey(event: EnterKeyEvent, enterSends: boolean): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false;
  const modified = event.ctrlKey || event.metaKey || event.altKey;
  return enterSends ? !modified : modified;
}

/**
 * Enter in a message's text (the compose box, the edit dialog, which follow the same setting):
 * sends, or adds the line that Ctrl, Cmd or Alt+Enter stands for while Enter sends (the browser adds
 * none for those). False when the browser's own Enter is left to act.
 */
export function handleEnterKey(
  event: KeyboardEvent<HTMLTextAreaElement>,
  enterSends: boolean,
  send: () => void,
): boolean {
  if (event.key !== 'Enter') return false;
  if (isSendKey(event, enterSends)) {
    event.preventDefault();
    send();
    return true;
  }
  if (enterSends && (event.ctrlKey || event.metaKey || event.altKey)) {
    event.preventDefault();
    const box = event.currentTarget;
    if (!box.readOnly) replaceRange(box, box.selectionStart, box.selectionEnd, '\n');
    return true;
  }
  return false;
}
