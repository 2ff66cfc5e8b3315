import type { Plugin } from 'vite';
import { contentSecurityPolicy } from '../shared/csp';

/**
 * The page's own copy of the policy, for wherever it is loaded without one of the shells' headers.
 * It cannot know which port will serve it, so it lets the bridge socket use any local port; each
 * shell's header narrows that (a page is held to both policies).
 */
export const PAGE_CSP = contentSecurityPolicy({ bridgePort: 'any', delivery: 'meta' });

const PLACEHOLDER = '<!-- content-security-policy -->';

/** index.html with its placeholder replaced by the policy's `<meta>` tag. */
export function withCspMeta(html: string): string {
  if (!html.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER} line for the policy`);
  const escaped = PAGE_CSP.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return html.replace(PLACEHOLDER, `<meta http-equiv="Content-Security-Policy" content="${escaped}" />`);
}

/** Vite plugin: writes the policy into index.html, in the dev server and in the build. */
export function cspMeta(): Plugin {
  return { name: 'teamchat-csp-meta', transformIndexHtml: { order: 'pre', handler: withCspMeta } };
}
