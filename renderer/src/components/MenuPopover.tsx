import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { Placement } from '@floating-ui/react-dom';
import { Popover } from './Popover';

/**
 * A menu in a popover, usable from the keyboard: its first item takes the focus when it opens,
 * ArrowUp/ArrowDown/Home/End move between items, Tab, Esc or focus going elsewhere close it, and
 * focus then returns to the button that opened it (Popover). Items are `role="menuitem"` buttons.
 */
export function MenuPopover({
  label,
  onClose,
  placement = 'bottom-end',
  className,
  testId,
  children,
}: {
  label: string;
  onClose: () => void;
  placement?: Placement;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(items.length - 1);
    else if (event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    // The list the menu was opened from (its portal's React parent) moves on these keys too.
    event.stopPropagation();
  };
  // Focus moved on by other means (a shortcut, a click on another pane): the menu is done.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !menu.current?.contains(next)) onClose();
  };

  return (
    <Popover onClose={onClose} placement={placement} className={className} data-testid={testId}>
      <div role="menu" aria-label={label} ref={menu} onKeyDown={onKeyDown} onBlur={onBlur}>
        {children}
      </div>
    </Popover>
  );
}
