/** Whether a message's flags say it mentions the user: directly, by a group, or by a wildcard. */
export function mentionedByFlags(flags: readonly string[]): boolean {
  return flags.some(
    (f) =>
      f === 'mentioned' ||
      f === 'wildcard_mentioned' ||
      f === 'stream_wildcard_mentioned' ||
      f === 'topic_wildcard_mentioned',
  );
}
