import { useEffect } from 'react';
import { useBridge } from '../../app/bridge-context';
import { useEscapeLayer } from '../../components/escape-layers';
import { uploadRouteAccount } from '../../components/sanitize';
import { useLightboxStore } from './lightbox-store';

/**
 * An image preview at full size over the app. Esc or a click beside the image closes it; the
 * arrow keys (and the buttons) move to the previous and next image of the conversation.
 */
export function Lightbox() {
  const bridge = useBridge();
  const { images, index, close, move } = useLightboxStore();
  const image = images[index];
  useEscapeLayer(image !== undefined, close);
  useEffect(() => {
    if (!image) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'ArrowRight') move(1);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [image, move]);
  if (!image) return null;
  const accountId = uploadRouteAccount();
  return (
    <div
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={`Image ${index + 1} of ${images.length}: ${image.name}`}
      data-testid="lightbox"
      onMouseDown={(event) => event.target === event.currentTarget && close()}
    >
      <figure className="lightbox-figure">
        <img src={image.src} alt={image.name} data-testid="lightbox-image" />
        <figcaption>
          <span data-testid="lightbox-caption">{image.name}</span>
          <span className="muted">
            {index + 1} / {images.length}
          </span>
          <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => move(-1)}>
            ← Previous
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={index === images.length - 1}
            onClick={() => move(1)}
          >
            Next →
          </button>
          {accountId && (
            <button
              type="button"
              className="btn btn-small"
              data-testid="lightbox-download"
              onClick={() => void bridge.files.download(accountId, image.path).catch(() => undefined)}
            >
              Download
            </button>
          )}
          <button type="button" className="btn btn-small" aria-label="Close" onClick={close}>
            Close
          </button>
        </figcaption>
      </figure>
    </div>
  );
}
