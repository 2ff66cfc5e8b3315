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
