import type { KeyboardEvent, RefObject } from 'react';
import { viewTakesFocusOnOpen } from '../app/view-takes-focus';
import { focusFallback } from './focus-fallback';
import type { VirtualListHandle } from './VirtualList';

/**
 * A field that filters a sidebar list (Filter channels, Search people), with the real service's
 * keys: ↓ moves into the filtered list, Enter opens the first match (`openFirst`, absent when
 * nothing matches), and Esc empties the field and leaves it for the view. Both of the latter give
 * the keyboard back to the view, where the shortcuts work again.
 */
export function ListFilter({
  value,
  onChange,
  list,
  openFirst,
  label,
  testId,
  className,
  autoFocus,
  onLeave,
}: {
  value: string;
  onChange: (value: string) => void;
  list: RefObject<VirtualListHandle | null>;
  openFirst?: () => void;
  label: string;
  testId: string;
  className?: string;
  autoFocus?: boolean;
  /** After Esc has left the field. */
  onLeave?: () => void;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      list.current?.focusRow(0);
    } else if (e.key === 'Enter' && openFirst) {
      e.preventDefault();
      onChange('');
      focusFallback();
      viewTakesFocusOnOpen();
      openFirst();
    } else if (e.key === 'Escape') {
      // The field's own Esc would only empty it; this one also leaves, and is not the view's Esc.
      e.preventDefault();
      e.stopPropagation();
      onChange('');
      focusFallback();
      onLeave?.();
    }
  };
  return (
    <input
      type="search"
      className={className}
      placeholder={label}
      aria-label={label}
      data-testid={testId}
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
