import DOMPurify from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useBridge } from '../app/bridge-context';

/**
 * The one way a server HTML string (rendered_content, rendered_description, content_html_diff,
 * match_content, realm_description) reaches the DOM. Scripts, handlers, forms and frames are
 * stripped; relative links and images are resolved against the server; links open in the system
 * browser through the bridge.
 */
let serverBase: string | null = null;
let hooked = false;

export function setServerBase(url: string | null): void {
  serverBase = url;
}

/** A server-relative URL (avatars, custom emoji, uploads) made absolute. */
export function resolveServerUrl(url: string): string {
  if (!serverBase) return url;
  try {
    return new URL(url, serverBase).toString();
  } catch {
    return url;
  }
}

/**
 * The service renders a unicode emoji as `<span class="emoji emoji-1f44d">:+1:</span>` and leaves
 * the picture to the client; this client shows the character itself, from the code in the class.
 */
const EMOJI_CLASS = /(?:^|\s)emoji-([0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*)(?:\s|$)/;

function showUnicodeEmoji(node: Element): void {
  const match = EMOJI_CLASS.exec(node.getAttribute('class') ?? '');
  if (!match || !node.classList.contains('emoji')) return;
  try {
    node.textContent = String.fromCodePoint(
      ...(match[1] as string).split('-').map((hex) => parseInt(hex, 16)),
    );
  } catch {
    // A code outside Unicode's range: keep the server's `:name:` text.
  }
}

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && !href.startsWith('#')) node.setAttribute('href', resolveServerUrl(href));
      node.setAttribute('rel', 'noopener noreferrer');
      node.removeAttribute('target');
    }
    if (node.tagName === 'SPAN') showUnicodeEmoji(node);
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src) node.setAttribute('src', resolveServerUrl(src));
      node.setAttribute('loading', 'lazy');
    }
  });
}

export function sanitizeHtml(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

const EXTERNAL = /^(https?:|mailto:)/i;

export function SafeHtml({
  html,
  className,
  as = 'div',
  testId,
}: {
  html: string;
  className?: string;
  as?: 'div' | 'span';
  testId?: string;
}) {
  const bridge = useBridge();
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor) return;
    event.preventDefault();
    const href = anchor.getAttribute('href') ?? '';
    if (EXTERNAL.test(href)) void bridge.openExternal(href);
  };
  const Tag = as;
  return (
    <Tag
      className={className}
      data-testid={testId}
      onClick={onClick}
      // The string has just been through DOMPurify above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
