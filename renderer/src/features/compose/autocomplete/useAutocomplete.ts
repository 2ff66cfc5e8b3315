import { useId, useMemo, useState, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';
import type { ComposeNarrow } from '../../../api/narrow';
import { useEscapeLayer } from '../../../components/escape-layers';
import { useHeldHighlight } from '../../../components/held-highlight';
import { replaceRange } from '../text-edit';
import { tokenAt, type Token } from './token';
import { useSuggestions, type Suggestion } from './useSuggestions';

export interface Autocomplete {
  open: boolean;
  suggestions: Suggestion[];
  active: number;
  listId: string;
  optionId(index: number): string;
  /** Handles the list's keys (arrows, Enter, Tab); true when the key was the list's. */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  pick(index: number): void;
  setActive(index: number): void;
  /** Props for the textarea: caret tracking and the combobox's ARIA references. */
  inputProps: {
    onSelect(event: SyntheticEvent<HTMLTextAreaElement>): void;
    onInput(event: SyntheticEvent<HTMLTextAreaElement>): void;
    onFocus(): void;
    onBlur(): void;
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
  };
}

const tokenKey = (token: Token | null) => (token ? JSON.stringify(token) : '');
const suggestionId = (suggestion: Suggestion) => suggestion.id;

/**
 * The autocomplete of a message's text (the compose box, the edit dialog): finds the trigger before
 * the caret, asks the sources, and inserts the chosen row in place of what was typed. Esc closes the
 * list (and only the list) until the query changes; while it is open, Enter and Tab pick rather
 * than send. `narrow` is where the message goes; nothing opens while `enabled` is false (a text
 * that cannot be changed).
 */
export function useAutocomplete(
  textarea: RefObject<HTMLTextAreaElement | null>,
  text: string,
  narrow: ComposeNarrow,
  enabled = true,
): Autocomplete {
  const [caret, setCaret] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState('');
  const listId = useId();

  const token = useMemo(
    () => (enabled && focused && caret !== null && caret <= text.length ? tokenAt(text, caret) : null),
    [enabled, focused, caret, text],
  );
  const shownToken = token && tokenKey(token) === dismissed ? null : token;
  const suggestions = useSuggestions(shownToken, narrow);
  const open = shownToken !== null && suggestions.length > 0;
  // The highlighted row goes back to the first whenever the query changes; while it stays, the row
  // chosen stays highlighted as new messages reorder the people and topics.
  const highlight = useHeldHighlight(suggestions, suggestionId, 0, tokenKey(shownToken));
  const active = Math.max(0, highlight.current);
  const setActive = highlight.highlight;

  const close = () => setDismissed(tokenKey(token));
  useEscapeLayer(open, close);

  const trackCaret = () => {
    const el = textarea.current;
    if (el) setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);
  };

  const pick = (index: number) => {
    const el = textarea.current;
    const chosen = suggestions[index];
    if (!el || !chosen || !shownToken) return;
    const end = el.selectionStart;
    replaceRange(el, shownToken.start, end, chosen.insert);
    chosen.picked?.();
    trackCaret();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.altKey || event.ctrlKey || event.metaKey) return false;
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        setActive((active + 1) % count);
        break;
      case 'ArrowUp':
        setActive((active - 1 + count) % count);
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey) return false;
        pick(active);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return {
    open,
    suggestions,
    active,
    listId,
    optionId,
    onKeyDown,
    pick,
    setActive,
    inputProps: {
      onSelect: trackCaret,
      onInput: trackCaret,
      onFocus: () => {
        setFocused(true);
        trackCaret();
      },
      onBlur: () => setFocused(false),
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
    },
  };
}
