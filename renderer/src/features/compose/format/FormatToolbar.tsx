import type { KeyboardEvent, RefObject } from 'react';
import { replaceRange } from '../text-edit';
import { FORMATS, formatForKey, type FormatKind } from './transforms';

/** Applies a format to the textarea's selection, as an undoable edit. */
export function applyFormat(el: HTMLTextAreaElement, kind: FormatKind): void {
  const edit = FORMATS[kind]({ text: el.value, start: el.selectionStart, end: el.selectionEnd });
  replaceRange(el, edit.from, edit.to, edit.insert, { start: edit.selectStart, end: edit.selectEnd });
}

/** Ctrl+B, Ctrl+I, Ctrl+Shift+L in the textarea; true when the key was one of them. */
export function handleFormatKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  const kind = formatForKey(event);
  if (!kind) return false;
  event.preventDefault();
  applyFormat(event.currentTarget, kind);
  return true;
}

const BUTTONS: { kind: FormatKind; label: string; shortcut?: string; face: string }[] = [
  { kind: 'bold', label: 'Bold', shortcut: 'Ctrl+B', face: 'B' },
  { kind: 'italic', label: 'Italic', shortcut: 'Ctrl+I', face: 'I' },
  { kind: 'link', label: 'Link', shortcut: 'Ctrl+Shift+L', face: '🔗' },
  { kind: 'code', label: 'Code', face: '</>' },
  { kind: 'quote', label: 'Quote', face: '❝' },
  { kind: 'spoiler', label: 'Spoiler', face: '◐' },
];

/** The formatting buttons: each wraps the selection in markdown (or inserts a selected placeholder). */
export function FormatToolbar({
  textarea,
  disabled,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}) {
  return (
    <div className="format-toolbar" role="toolbar" aria-label="Formatting" data-testid="format-toolbar">
      {BUTTONS.map((b) => {
        const title = b.shortcut ? `${b.label} (${b.shortcut})` : b.label;
        return (
          <button
            key={b.kind}
            type="button"
            className={`format-button format-${b.kind}`}
            aria-label={b.label}
            title={title}
            aria-keyshortcuts={b.shortcut?.replace('Ctrl', 'Control')}
            data-testid={`format-${b.kind}`}
            disabled={disabled}
            // Keep the textarea's selection: a click must not move focus before the edit reads it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => textarea.current && applyFormat(textarea.current, b.kind)}
          >
            <span aria-hidden="true">{b.face}</span>
          </button>
        );
      })}
    </div>
  );
}
