/**
 * What to say when a message's text is over the organization's maximum length (`max_message_length`
 * from POST /register), or null when it fits or the server gave no maximum: for the compose box and
 * the edit dialog, which both keep the text and refuse to send it (the server would cut it).
 */
export function tooLongWarning(text: string, maxLength: number | undefined): string | null {
  return maxLength !== undefined && codePoints(text) > maxLength
    ? `Too long: at most ${maxLength} characters.`
    : null;
}

/** Characters as the server counts them: code points, so an emoji is one, not two UTF-16 units. */
function codePoints(text: string): number {
  return [...text].length;
}
