/**
 * The markdown an upload puts in the compose box, as the real service's clients write it: a
 * placeholder `[Uploading name…]()` at the cursor while the file goes up, replaced by
 * `[name](/user_uploads/...)` when the server answered.
 */

/** Brackets in a file name would end the link text early. */
function linkText(name: string): string {
  return name.replace(/([[\]\\])/g, '\\$1');
}

export function uploadingPlaceholder(name: string): string {
  return `[Uploading ${linkText(name)}…]()`;
}

export function uploadedLink(name: string, url: string): string {
  return `[${linkText(name)}](${url})`;
}

/**
 * `insert` placed over the selection [start, end) of `text` as a word of its own: a space before it
 * and after it where the text there is not already a space, so a link does not run into the next
 * word; returns the new text and the cursor after it (after the space that follows, if added).
 */
export function insertAtCursor(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; cursor: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const gap = before && !/\s$/.test(before) ? ' ' : '';
  const trailing = after && !/^\s/.test(after) ? ' ' : '';
  const next = `${before}${gap}${insert}${trailing}${after}`;
  return { text: next, cursor: before.length + gap.length + insert.length + trailing.length };
}

/** `text` with the first `placeholder` replaced (removed when `replacement` is empty). */
export function replacePlaceholder(text: string, placeholder: string, replacement: string): string {
  const at = text.indexOf(placeholder);
  if (at < 0) return text;
  let end = at + placeholder.length;
  let start = at;
  // Removing: also the space that was put before it.
  if (!replacement && text[start - 1] === ' ') start--;
  else if (!replacement && text[end] === ' ') end++;
  return text.slice(0, start) + replacement + text.slice(end);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;
  const mib = bytes / (1024 * 1024);
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

/**
 * Why `file` cannot be uploaded to an organization accepting `limitMib` MiB (its
 * `max_file_upload_size_mib`), or null when it can (or the limit is unknown).
 */
export function sizeRefusal(
  file: { name: string; size: number },
  limitMib: number | undefined,
): string | null {
  if (limitMib === undefined || file.size <= limitMib * 1024 * 1024) return null;
  return `“${file.name}” is ${formatSize(file.size)}: this organization accepts files up to ${limitMib} MiB.`;
}
