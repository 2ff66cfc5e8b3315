/**
 * Global times (`<time:…>` in a message), as the real service renders them: a `<time>` whose
 * `datetime` is the instant in UTC and whose text is what was written (each reader's client shows it
 * in their own zone), or a `timestamp-error` note when the text names no instant. Used by the
 * reference server's renderer and the compose preview.
 */

/** `<time:…>` at the start of the text; group 1 is what was written. */
export const GLOBAL_TIME = /^<time:([^>]*?)>/;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The instant written: a date and time (UTC when no zone is given), else seconds since the epoch. */
export function globalTimeInstant(written: string): Date | null {
  const text = written.trim();
  let date: Date;
  if (/^[+-]?\d+(\.\d+)?$/.test(text)) date = new Date(Number(text) * 1000);
  else {
    const parts = DATE_TIME.exec(text);
    if (!parts) return null;
    const [, day, time = '00:00', zone = 'Z'] = parts;
    const offset = zone.toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    date = new Date(`${day}T${time}${offset}`);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

export function globalTimeHtml(written: string, escapeHtml: (text: string) => string): string {
  const instant = globalTimeInstant(written);
  if (!instant) return `<span class="timestamp-error">Invalid time format: ${escapeHtml(written)}</span>`;
  const datetime = instant.toISOString().replace('.000Z', 'Z');
  return `<time datetime="${datetime}">${escapeHtml(written)}</time>`;
}
