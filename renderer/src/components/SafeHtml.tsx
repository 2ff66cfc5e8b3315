import { useContext, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { conversationLinkTarget, linkNamesOf } from '../api/conversation-links';
import { getInitialState } from '../api/keys';
import { useNarrowStore } from '../state/narrow';
import { useBridge } from '../app/bridge-context';
import { useExternalImagesStore } from '../state/external-images';
import { currentServerBase, EXTERNAL_IMAGE_ATTR, sanitizeHtml } from './sanitize';
import { openUploadLink } from '../features/uploads/file-clicks';
import { MentionCard } from '../features/users/MentionCard';
import { toggleSpoiler } from './spoilers';
import { useHtmlReader } from './html-reader';

export { resolveServerUrl, sanitizeHtml, setServerBase, setUploadRoute } from './sanitize';

/**
 * The one way a server HTML string (rendered_content, rendered_description, content_html_diff,
 * match_content, realm_description) reaches the DOM, through `sanitizeHtml` (sanitize.ts). Links
 * open in the system browser through the bridge; an external image shows as a button that loads
 * it on click (or at once, with the "always load" preference), and only over https. The server's
 * uploads come through main: an image preview opens the lightbox, another file is downloaded.
 */

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
  const loadExternalHttps = useExternalImagesStore((s) => s.loadHttps);
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(() => new Set());
  const reader = useHtmlReader();
  // Read when a link is followed (a search link names channels and people); none on a screen without one.
  const queryClient = useContext(QueryClientContext);
  const clean = useMemo(
    () => sanitizeHtml(html, { loadExternalHttps, allowed }, reader),
    [html, loadExternalHttps, allowed, reader],
  );
  const [mentioned, setMentioned] = useState<{ userId: number; anchor: Element } | null>(null);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as Element;
    if (!target.closest('a') && toggleSpoiler(target)) return;
    const mention = target.closest('a') ? null : mentionedUser(target);
    if (mention) {
      setMentioned((open) => (open?.anchor === mention.anchor ? null : mention));
      return;
    }
    const placeholder = target.closest(`[${EXTERNAL_IMAGE_ATTR}]`);
    if (placeholder) {
      event.preventDefault();
      const url = placeholder.getAttribute(EXTERNAL_IMAGE_ATTR) ?? '';
      setAllowed((previous) => new Set([...previous, url]));
      return;
    }
    // HTML and SVG links alike (the sanitizer gives both a plain href).
    const link = target.closest('a, area');
    if (!link) return;
    event.preventDefault();
    // The server's uploads: the lightbox for an image preview, a download for anything else.
    if (openUploadLink(link, bridge)) return;
    const href = link.getAttribute('href') ?? '';
    // A channel, topic, message or search of the same organization opens here, not in a browser.
    const conversation = conversationLinkTarget(
      href,
      currentServerBase(),
      reader?.userId,
      linkNamesOf(queryClient && getInitialState(queryClient)),
    );
    if (conversation) useNarrowStore.getState().select(conversation.narrow, conversation.anchor);
    else if (EXTERNAL.test(href)) void bridge.openExternal(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const target = event.target as Element;
    if (target.classList.contains('spoiler-header') && toggleSpoiler(target)) event.preventDefault();
  };
  const Tag = as;
  return (
    <>
      <Tag
        className={className}
        // Written by people in any script: laid out right to left when it starts in Hebrew or Arabic.
        dir="auto"
        data-testid={testId}
        onClick={onClick}
        onKeyDown={onKeyDown}
        // The string has just been through DOMPurify above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {mentioned && (
        <MentionCard userId={mentioned.userId} anchor={mentioned.anchor} onClose={() => setMentioned(null)} />
      )}
    </>
  );
}

/** The person a clicked mention names (not a wildcard such as @all, whose id is `*`). */
function mentionedUser(target: Element): { userId: number; anchor: Element } | null {
  const mention = target.closest('.user-mention[data-user-id]');
  const userId = Number(mention?.getAttribute('data-user-id'));
  return mention && Number.isInteger(userId) ? { userId, anchor: mention } : null;
}
