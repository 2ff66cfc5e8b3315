import { create } from 'zustand';
import { toggled } from '../../state/toggle-set';

/**
 * Long messages are shown condensed, as in the real service: their first screenful and "Show more".
 * Judged from the rendered HTML, not measured in the page (a forced layout per row would cost the
 * feed's scrolling): lines counted from its paragraphs, line breaks, list items, table rows and code
 * lines, plus one per ~100 characters of text.
 */
export const CONDENSE_OVER_LINES = 30;
const CHARACTERS_A_LINE = 100;

export function isLongMessage(html: string): boolean {
  // Cheap early answer for the short ones, which are nearly all.
  if (html.length < CONDENSE_OVER_LINES * 7) return false;
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
  toggle(messageId: number): void;
}

export const useExpandedMessages = create<ExpandedMessages>((set) => ({
  ids: new Set(),
  toggle: (messageId) => set((s) => ({ ids: toggled(s.ids, messageId) })),
}));
