import type { ReactNode } from 'react';

/**
 * The list of suggestions under (above) a field of the compose box: one option per entry, the active
 * one marked; picked with the mouse without taking the focus from the field, whose keys move
 * `active`. Used by the message's autocomplete and the topic field.
 */
export function SuggestionListbox<T>({
  id,
  label,
  testId,
  options,
  active,
  optionId,
  optionKey,
  optionTestId,
  renderOption,
  onActive,
  onPick,
}: {
  id: string;
  label: string;
  testId: string;
  options: readonly T[];
  active: number;
  optionId: (index: number) => string;
  optionKey: (option: T) => string;
  optionTestId?: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onActive: (index: number) => void;
  onPick: (index: number) => void;
}) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="autocomplete-list" data-testid={testId}>
      {options.map((option, i) => (
        <li
          key={optionKey(option)}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'ac-option ac-active' : 'ac-option'}
          data-testid={optionTestId?.(option)}
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => onActive(i)}
          onClick={() => onPick(i)}
        >
          {renderOption(option)}
        </li>
      ))}
    </ul>
  );
}
