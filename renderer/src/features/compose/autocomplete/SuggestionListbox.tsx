import type { ReactNode } from 'react';

/**
 * The list of suggestions for a field (of the compose box: above it): one option per entry, the active
 * one marked; picked with the mouse without taking the focus from the field, whose keys move
 * `active`. Used by the message's autocomplete and the topic fields.
 */
export function SuggestionListbox<T>({
  id,
  label,
  testId,
  below = false,
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
  /** Opens under the field (in a dialog) rather than above it (the compose box, at the window's bottom). */
  below?: boolean;
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
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className={below ? 'autocomplete-list autocomplete-below' : 'autocomplete-list'}
      data-testid={testId}
    >
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
