/**
 * "Quote and reply" as the real service writes it: a silent mention of the author, a link to
 * the message, and its markdown in a quote block whose fence is longer than any inside it.
 */
export function quoteAndReplyText(
  author: { fullName: string; userId: number },
  markdown: string,
  link: string,
): string {
  const longestFence = Math.max(2, ...[...markdown.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longestFence + 1);
  return `@_**${author.fullName}|${author.userId}** [said](${link}):\n${fence}quote\n${markdown}\n${fence}\n`;
}

/** Adds a quote to what the compose box already holds, on a line of its own. */
export function appendQuote(existing: string, quote: string): string {
  if (!existing.trim()) return quote;
  return `${existing.replace(/\s+$/, '')}\n\n${quote}`;
}

/**
 * Adds a mention after what the compose box already holds, as the real service inserts one: a
 * space before it only when the text does not end in whitespace. A line break stays, so a mention
 * after a quote starts the next line instead of joining its closing fence (which would then no
 * longer close the quote).
 */
export function appendMention(existing: string, mention: string): string {
  if (!existing.trim()) return mention;
  return /\s$/.test(existing) ? `${existing}${mention}` : `${existing} ${mention}`;
}
