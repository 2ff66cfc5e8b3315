import { useRef, type RefObject } from 'react';
import { useFocusNeighbourOnRemoval } from '../../components/use-focus-neighbour';
import { formatSize } from './upload-text';
import { useUploadsStore, type UploadItem } from './uploads-store';
import { cancelUpload } from './useUploads';

/** The compose box's "Attach files" button: a file picker, several files at once. */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        data-testid="compose-attach"
        title="Attach files"
        onClick={() => input.current?.click()}
      >
        Attach
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="compose-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Picking the same file again must fire a change too.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/** Whether the whole file is on its way: its last piece went to main, the server's answer is awaited. */
function handedOver(item: UploadItem): boolean {
  return item.sent >= item.size;
}

/**
 * The files of one compose box: a progress bar with Cancel per upload, and why a file was refused.
 * A row that goes with the focus (dismissed, cancelled, done) hands it to the next file's row, else
 * the one before, else to `field`, the text the files go into.
 */
export function UploadList({
  composeKey,
  field,
}: {
  composeKey: string;
  field: RefObject<HTMLTextAreaElement | null>;
}) {
  const items = useUploadsStore((s) => s.items);
  const mine = items.filter((item) => item.composeKey === composeKey);
  if (mine.length === 0) return null;
  return (
    <ul className="upload-list" data-testid="upload-list" aria-label="Files">
      {mine.map((item) => (
        <UploadRow key={item.id} item={item} field={field} />
      ))}
    </ul>
  );
}

function UploadRow({ item, field }: { item: UploadItem; field: RefObject<HTMLTextAreaElement | null> }) {
  const remove = useUploadsStore((s) => s.remove);
  const row = useRef<HTMLLIElement>(null);
  useFocusNeighbourOnRemoval(row, field);
  return item.state === 'uploading' ? (
    <li ref={row} className="upload-item" data-testid="upload-progress">
      <span className="upload-name" title={item.name}>
        {item.name}
      </span>
      {/* What counts is what main handed to the connection, which buffers well ahead of a slow
          link: once it has the whole file, how much the server has is unknown (no value). */}
      <progress
        max={item.size || 1}
        value={handedOver(item) ? undefined : item.sent}
        aria-label={`Uploading ${item.name}`}
        data-testid="upload-progress-bar"
      />
      <span className="muted small" data-testid="upload-progress-text">
        {handedOver(item)
          ? `Uploading ${formatSize(item.size)}…`
          : `${formatSize(item.sent)} of ${formatSize(item.size)}`}
      </span>
      <button
        type="button"
        className="btn btn-small"
        data-testid="upload-cancel"
        aria-label={`Cancel uploading ${item.name}`}
        onClick={() => cancelUpload(item.id)}
      >
        Cancel
      </button>
    </li>
  ) : (
    <li ref={row} className="upload-item upload-failed" role="alert" data-testid="upload-error">
      <span data-testid="upload-error-text">{item.error}</span>
      <button
        type="button"
        className="btn btn-small"
        aria-label="Dismiss"
        data-testid="upload-dismiss"
        onClick={() => remove(item.id)}
      >
        ×
      </button>
    </li>
  );
}

/** The files of a paste: images copied to the clipboard (or files copied in a file manager). */
export function filesFromClipboard(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = [...data.files];
  if (files.length) return files;
  return [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}
