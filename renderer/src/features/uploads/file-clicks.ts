import type { ChatBridge } from '../../../../shared/ipc';
import { UPLOAD_PATH_ATTR, uploadRouteAccount } from '../../components/sanitize';
import { useLightboxStore, type LightboxImage } from './lightbox-store';

/** The inline image previews shown now, in page order: what the lightbox's arrows move through. */
function shownPreviews(root: ParentNode): { link: Element; image: LightboxImage }[] {
  return [...root.querySelectorAll(`.message_inline_image a[${UPLOAD_PATH_ATTR}]`)].flatMap((link) => {
    const img = link.querySelector('img');
    const path = link.getAttribute(UPLOAD_PATH_ATTR);
    if (!img || !path) return [];
    const name = link.getAttribute('title') || path.split('/').at(-1) || 'image';
    return [{ link, image: { src: img.getAttribute('src') ?? '', path, name } }];
  });
}

/**
 * A click on a link to one of the server's uploads (marked by the sanitizer): an inline image
 * preview opens the lightbox, any other file is saved through main. False when `link` is not an
 * upload (the caller handles it as an ordinary link).
 */
export function openUploadLink(link: Element, bridge: ChatBridge): boolean {
  const path = link.getAttribute(UPLOAD_PATH_ATTR);
  if (!path) return false;
  if (link.closest('.message_inline_image')) {
    const previews = shownPreviews(link.ownerDocument);
    const index = previews.findIndex((preview) => preview.link === link);
    if (index >= 0) {
      useLightboxStore.getState().open(
        previews.map((preview) => preview.image),
        index,
      );
      return true;
    }
  }
  const accountId = uploadRouteAccount();
  if (accountId) void bridge.files.download(accountId, path).catch(() => undefined);
  return true;
}
