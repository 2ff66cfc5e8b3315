/**
 * The Filter box of the Inbox and Recent conversations, as in the real service: every word typed
 * must begin a word of the conversation's text (channel and topic, or the names of its people),
 * in any order, ignoring case and accents. "eng deploy" finds #engineering › deploy pipeline.
 */
export function keywordMatcher(query: string): ((text: string) => boolean) | null {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return (text) => {
    const folded = fold(text);
    return words.every((word) => folded.startsWith(word) || folded.includes(` ${word}`));
  };
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
