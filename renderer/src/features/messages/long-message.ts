import { useEffect } from 'react';
import { create } from 'zustand';
import { toggled } from '../../state/toggle-set';
import { withoutSpoilerContent } from './spoiler-html';

/**
 * Long messages are shown condensed, as in the real service: their first screenful and "Show more".
 * Judged from the rendered HTML, not measured in the page (a forced layout per row would cost the
 * feed's scrolling): lines counted from its paragraphs, line breaks, list items, table rows and code
 * lines, plus one per ~100 characters of text.
 */
export const CONDENSE_OVER_LINES = 30;
const CHARACTERS_A_LINE = 100;

export function isLongMessage(rendered: string): boolean {
  // Cheap early answer for the short ones, which are nearly all.
  if (rendered.length < CONDENSE_OVER_LINES * 7) return false;
  // What closed spoilers hide takes no room until the reader opens them.
  const html = withoutSpoilerContent(rendered);
  const blocks = (html.match(/<(p|br|li|tr|h[1-6]|blockquote)\b/g) ?? []).length;
  const codeLines = [...html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)].reduce(
    (sum, [, code = '']) => sum + code.split('\n').length,
    0,
  );
  const textLength = html.replace(/<[^>]*>/g, '').length;
  return blocks + codeLines + Math.floor(textLength / CHARACTERS_A_LINE) > CONDENSE_OVER_LINES;
}

/** The long messages opened in full with "Show more" (kept while their rows scroll out and back). */
interface ExpandedMessages {
  ids: ReadonlySet<number>;
  /**
   * The message just opened or closed, until its row has been measured at its new height: the
   * feed keeps that row's top where it is meanwhile, even at the feed's end (see MessageFeed).
   */
  resizing: number | null;
  toggle(messageId: number): void;
  resized(): void;
}

export const useExpandedMessages = create<ExpandedMessages>((set) => ({
  ids: new Set(),
  resizing: null,
  toggle: (messageId) => set((s) => ({ ids: toggled(s.ids, messageId), resizing: messageId })),
  resized: () => set({ resizing: null }),
}));

/**
 * Whether a row is being opened or closed by the reader. Over once its new height has been
 * measured: the ResizeObserver reports it in the frame after the change, before paint, and the
 * second animation frame comes after that.
 */
export function useRowResizedByReader(): boolean {
  const resizing = useExpandedMessages((s) => s.resizing !== null);
  useEffect(() => {
    if (!resizing) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => useExpandedMessages.getState().resized());
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [resizing]);
  return resizing;
}
