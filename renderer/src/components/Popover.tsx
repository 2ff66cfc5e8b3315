import { autoUpdate, flip, offset, shift, size, useFloating, type Placement } from '@floating-ui/react-dom';
import { useEffect, useLayoutEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useEscapeLayer } from './escape-layers';
import { keepTabInside } from './focus-fallback';

/**
 * A menu or picker that floats next to where it is rendered and stays inside the window: it flips
 * above when there is no room below, shifts sideways at the edges, and shrinks to the room left.
 * It is drawn in a layer over the whole page, so scrolling panes and the compose area cannot clip
 * it. Esc and a press outside close it; Tab goes round inside it.
 */
export function Popover({
  onClose,
  placement = 'bottom-start',
  anchor,
  children,
  ...attributes
}: {
  onClose: () => void;
  placement?: Placement;
  /** The element it floats next to, when that is not where it is rendered (inside server HTML). */
  anchor?: Element | undefined;
  children: ReactNode;
} & HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string }) {
  const { refs, floatingStyles, elements } = useFloating({
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, elements: { floating } }) {
          floating.style.maxHeight = `${Math.max(120, availableHeight)}px`;
        },
      }),
    ],
  });
  // Callback refs (not ref objects), safe to pass during render.
  const { setReference, setFloating } = refs;
  useLayoutEffect(() => {
    if (anchor) setReference(anchor);
  }, [anchor, setReference]);
  useEscapeLayer(true, onClose);

  // Closing returns focus to what had it (the button that opened it), unless focus moved on. Read
  // while rendering: by the time effects run, an autofocused field inside already has the focus.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    return () => {
      const current = document.activeElement;
      if (opener?.isConnected && (current === null || current === document.body)) opener.focus();
    };
  }, [opener]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (elements.floating?.contains(target)) return;
      // The control that opened it toggles it itself.
      const opener =
        anchor ?? (elements.reference instanceof Element ? elements.reference.parentElement : null);
      if (opener?.contains(target)) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [anchor, elements.floating, elements.reference, onClose]);

  return (
    <>
      {!anchor && <span ref={setReference} className="popover-reference" aria-hidden="true" />}
      {createPortal(
        <div
          {...attributes}
          ref={setFloating}
          style={floatingStyles}
          // Tab goes round inside it while it is open: the page behind is not where one is.
          onKeyDown={(event) => {
            attributes.onKeyDown?.(event);
            if (!event.defaultPrevented) keepTabInside(event, elements.floating ?? null);
          }}
        >
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}
