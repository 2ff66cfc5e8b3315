import type { SavedSnippet } from '../../../../shared/api/resources';

export type { SavedSnippet };

/** Inserts `snippet` into `text` at the selection, replacing what is selected; returns the caret after it. */
export function insertAt(
  text: string,
  snippet: string,
  selectionStart: number | null,
  selectionEnd: number | null,
): { text: string; caret: number } {
  const start = selectionStart ?? text.length;
  const end = selectionEnd ?? start;
  const next = text.slice(0, start) + snippet + text.slice(end);
  return { text: next, caret: start + snippet.length };
}

export function sortSnippets(list: readonly SavedSnippet[]): SavedSnippet[] {
  return [...list].sort((a, b) => a.title.localeCompare(b.title));
}

export function filterSnippets(list: readonly SavedSnippet[], query: string): SavedSnippet[] {
  const q = query.trim().toLowerCase();
  if (!q) return sortSnippets(list);
  return sortSnippets(
    list.filter((s) => s.title.toLowerCase().includes(q) || s.content.toLowerCase().includes(q)),
  );
}
