import { useId, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTopics } from '../topics/hooks';
import { rankTopics } from './autocomplete/channels';
import { SuggestionListbox } from './autocomplete/SuggestionListbox';
import { useHeldHighlight } from '../../components/held-highlight';

const sameTopic = (topic: string) => topic;

/**
 * The compose box's topic field in a channel view, with the channel's existing topics suggested as
 * one types (best match, then the most recent): ArrowUp/ArrowDown choose, Enter or Tab takes the
 * choice and moves on to the message, Esc closes the list. A new topic is simply typed out.
 */
export function TopicInput({
  streamId,
  value,
  onChange,
  inputRef,
  onPicked,
  placeholder,
  maxLength,
}: {
  streamId: number;
  value: string;
  onChange: (topic: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** After a suggestion is taken: the message is next. */
  onPicked: () => void;
  placeholder: string;
  maxLength?: number;
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
    onPicked();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const plainTab =
      event.key === 'Tab' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;
    // Tab goes on to the message, as in the real service (past the box's tabs and toolbar); with the
    // list open it takes the highlighted topic on the way, like Enter.
    if (plainTab && !shown) {
      event.preventDefault();
      setOpen(false);
      onPicked();
      return;
    }
    if (!shown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || plainTab) {
      event.preventDefault();
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
      className="compose-topic-box"
      role="combobox"
      aria-expanded={shown}
      aria-haspopup="listbox"
      aria-owns={shown ? listId : undefined}
    >
      <input
        ref={inputRef}
        className="compose-topic"
        aria-label="Topic"
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        placeholder={placeholder}
        data-testid="compose-topic"
        data-compose-field="topic"
        maxLength={maxLength}
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
