import { useId, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTopics } from './hooks';
import { rankTopics } from '../compose/autocomplete/channels';
import { SuggestionListbox } from '../compose/autocomplete/SuggestionListbox';
import { useHeldHighlight } from '../../components/held-highlight';
import '../compose/compose.css';

const sameTopic = (topic: string) => topic;

/**
 * A topic field with the channel's existing topics suggested as one types (best match, then the
 * most recent): ArrowUp/ArrowDown choose, Enter or Tab takes the choice, Esc closes the list only
 * (the next Esc is the field's). A new topic is simply typed out. Used by the compose box and the
 * edit dialog (its destination channel's topics).
 */
export function TopicCombobox({
  streamId,
  value,
  onChange,
  onPicked,
  inputRef,
  testId,
  className,
  composeField = false,
  listBelow = false,
  placeholder,
  invalid = false,
  describedBy,
  disabled,
}: {
  streamId: number | null;
  value: string;
  onChange: (topic: string) => void;
  /**
   * Where the keyboard goes after a suggestion is taken, and on Tab or Enter (the compose box: the
   * message). Without it, Enter takes the topic and stays in the field (with no list, Enter is the
   * form's), and Tab takes it and goes on as usual.
   */
  onPicked?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  testId: string;
  className?: string;
  /** The compose box's field (`data-compose-field`): it keeps the keyboard when the box is drawn anew. */
  composeField?: boolean;
  /** The list opens under the field (in a dialog) instead of above it (the compose box, at the bottom). */
  listBelow?: boolean;
  placeholder?: string;
  /** The topic cannot be sent as it is (too long): said by the element `describedBy` names. */
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const topics = useTopics(streamId).data?.topics;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const suggestions = useMemo(() => {
    if (!topics || !value.trim()) return [];
    const ranked = rankTopics(topics, value);
    // Nothing to suggest once the topic is written out exactly.
    return ranked.length === 1 && ranked[0] === value ? [] : ranked;
  }, [topics, value]);
  // Starts at the best match as one types; a topic moved up by new messages does not take its place.
  const highlight = useHeldHighlight(suggestions, sameTopic, 0, value);
  const active = Math.max(0, highlight.current);
  const setActive = highlight.highlight;
  const shown = open && suggestions.length > 0;

  const pick = (topic: string) => {
    onChange(topic);
    setOpen(false);
    onPicked?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const plainTab =
      event.key === 'Tab' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;
    // Tab goes to onPicked's place (the compose box: on to the message, past its tabs and toolbar,
    // as in the real service); with the list open it takes the highlighted topic on the way.
    if (plainTab && onPicked) event.preventDefault();
    if (plainTab && !shown) {
      onPicked?.();
      return;
    }
    // Enter without a list goes on to the message, as in the real service: in a form, the browser
    // would submit it, sending a message perhaps half written (whatever the Enter-sends setting).
    const plainEnter =
      event.key === 'Enter' &&
      !event.shiftKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      !event.nativeEvent.isComposing;
    if (plainEnter && !shown && onPicked) {
      event.preventDefault();
      onPicked();
      return;
    }
    if (!shown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || plainTab) {
      if (event.key === 'Enter') event.preventDefault();
      pick(suggestions[Math.min(active, suggestions.length - 1)]!);
    } else if (event.key === 'Escape') {
      // Closes the list only; the next Esc leaves the field as usual.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div
      className="topic-combobox"
      role="combobox"
      aria-expanded={shown}
      aria-haspopup="listbox"
      aria-owns={shown ? listId : undefined}
    >
      <input
        ref={inputRef}
        className={className}
        aria-label="Topic"
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        placeholder={placeholder}
        data-testid={testId}
        data-compose-field={composeField ? 'topic' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {shown && (
        <SuggestionListbox
          id={listId}
          label="Topics"
          testId="topic-suggestions"
          below={listBelow}
          options={suggestions}
          active={active}
          optionId={(i) => `${listId}-${i}`}
          optionKey={(topic) => topic}
          onActive={setActive}
          onPick={(i) => pick(suggestions[i]!)}
          renderOption={(topic) => (
            <>
              <span className="ac-mark ac-mark-topic" aria-hidden="true">
                ›
              </span>
              <span className="ac-label ellipsis">{topic}</span>
            </>
          )}
        />
      )}
    </div>
  );
}
