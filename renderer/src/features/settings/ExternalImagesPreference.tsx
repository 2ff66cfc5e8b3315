import { useExternalImagesStore } from '../../state/external-images';

/** The device preference read by SafeHtml: whether images from other https sites load without a click. */
export function ExternalImagesPreference() {
  const loadHttps = useExternalImagesStore((s) => s.loadHttps);
  const setLoadHttps = useExternalImagesStore((s) => s.setLoadHttps);
  return (
    <section className="settings-group" aria-labelledby="external-images-title">
      <h3 id="external-images-title">Images from other sites</h3>
      <label className="inline">
        <input
          type="checkbox"
          data-testid="load-external-images"
          checked={loadHttps}
          onChange={(e) => setLoadHttps(e.target.checked)}
        />
        <span>Always show images from other sites in messages</span>
      </label>
      <p className="muted small">
        Off: such an image waits for a click on “Load image”, so its site cannot tell when you read the
        message. Only secure (https) images are ever loaded. Applies to this computer only.
      </p>
    </section>
  );
}
