/**
 * What to say when a message's text is over the organization's maximum length (`max_message_length`
 * from POST /register), or null when it fits or the server gave no maximum: for the compose box and
 * the edit dialog, which both keep the text and refuse to send it (the server would cut it).
 */
export function tooLongWarning(text: string, maxLength: number | undefined): string | null {
  return maxLength !== undefined && text.length > maxLength
    ? `Too long: at most ${maxLength} characters.`
    : null;
}
