/**
 * Spoilers (```spoiler blocks, which the server renders as `.spoiler-block` with a
 * `.spoiler-header` and an `aria-hidden` `.spoiler-content`): the content stays hidden until the
 * reader opens it with a click, or Enter or Space on the header.
 */
const BLOCK = 'spoiler-block';
const OPEN = 'spoiler-open';

/** What a spoiler written without a header is called (the service leaves the naming to its clients). */
export const UNTITLED_SPOILER = 'Spoiler';

/**
 * Sanitizer step: a spoiler's header becomes a closed disclosure button. A header with nothing to
 * read (the real service sends a bare line break for ```spoiler without a title) is named
 * "Spoiler", so there is something to click and a name to announce.
 */
export function markSpoilerHeader(node: Element): void {
  if (!node.classList.contains('spoiler-header') || !node.parentElement?.classList.contains(BLOCK)) return;
  if (!node.textContent?.trim() && !node.querySelector('img')) node.textContent = UNTITLED_SPOILER;
  node.setAttribute('role', 'button');
  node.setAttribute('tabindex', '0');
  node.setAttribute('aria-expanded', 'false');
}

/** Opens or closes the spoiler whose header `target` is in; false when it is in none. */
export function toggleSpoiler(target: Element): boolean {
  const header = target.closest('.spoiler-header');
  const block = header?.parentElement;
  if (!header || !block?.classList.contains(BLOCK)) return false;
  const open = !block.classList.contains(OPEN);
  block.classList.toggle(OPEN, open);
  header.setAttribute('aria-expanded', String(open));
  block.querySelector(':scope > .spoiler-content')?.setAttribute('aria-hidden', String(!open));
  return true;
}
