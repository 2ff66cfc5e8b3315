/**
 * What the server keeps of a typed message (the real service's normalize_body): trailing whitespace
 * and leading blank lines go; leading spaces stay, since they can start a code block.
 */
export function normalizedContent(text: string): string {
  return text.trimEnd().replace(/^\n+/, '');
}
