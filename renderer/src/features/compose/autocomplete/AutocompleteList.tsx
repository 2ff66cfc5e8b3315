import type { ReactNode } from 'react';
import { resolveServerUrl } from '../../../components/SafeHtml';
import type { Autocomplete } from './useAutocomplete';
import { SuggestionListbox } from './SuggestionListbox';
import type { Suggestion } from './useSuggestions';

const KIND_LABEL: Record<Suggestion['kind'], string> = {
  user: 'Person',
  group: 'Group',
  wildcard: 'Everyone',
  channel: 'Channel',
  topic: 'Topic',
  emoji: 'Emoji',
  snippet: 'Snippet',
};

function Leading({ suggestion }: { suggestion: Suggestion }) {
  const { emoji } = suggestion;
  if (emoji?.imageUrl)
    return <img className="ac-glyph" src={resolveServerUrl(emoji.imageUrl)} alt="" width={18} height={18} />;
  if (emoji) return <span className="ac-glyph">{emoji.glyph}</span>;
  const mark = { user: '@', group: '@', wildcard: '@', channel: '#', topic: '›', snippet: '/', emoji: '' }[
    suggestion.kind
  ];
  return (
    <span className={`ac-mark ac-mark-${suggestion.kind}`} aria-hidden="true">
      {mark}
    </span>
  );
}

/**
 * A message text's combobox: the textarea (children) and, while there are suggestions, the
 * listbox above it (the compose box, at the window's bottom) or below it (`below`: in a dialog),
 * at most LIST_LIMIT rows, all in view: no scrolling. Rows are picked with the mouse without taking
 * focus from the textarea.
 */
export function AutocompleteBox({
  autocomplete,
  label,
  below = false,
  children,
}: {
  autocomplete: Autocomplete;
  /** The combobox's name: its textarea's. */
  label: string;
  below?: boolean;
  children: ReactNode;
}) {
  const { open, suggestions, active, listId, optionId } = autocomplete;
  return (
    <div
      className={below ? 'compose-combobox compose-combobox-below' : 'compose-combobox'}
      role="combobox"
      aria-label={label}
      aria-expanded={open}
      aria-haspopup="listbox"
      aria-owns={open ? listId : undefined}
      data-testid="compose-combobox"
    >
      {children}
      {open && (
        <SuggestionListbox
          id={listId}
          label="Suggestions"
          testId="autocomplete-list"
          below={below}
          options={suggestions}
          active={active}
          optionId={optionId}
          optionKey={(s) => s.id}
          optionTestId={(s) => `autocomplete-${s.id}`}
          onActive={autocomplete.setActive}
          onPick={autocomplete.pick}
          renderOption={(s) => (
            <>
              <Leading suggestion={s} />
              <span className="ac-label ellipsis">{s.label}</span>
              {s.detail && <span className="ac-detail muted small ellipsis">{s.detail}</span>}
              <span className="visually-hidden">{KIND_LABEL[s.kind]}</span>
            </>
          )}
        />
      )}
    </div>
  );
}
