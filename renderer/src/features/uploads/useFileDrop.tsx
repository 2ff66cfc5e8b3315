import { useRef, useState, type DragEvent } from 'react';
import { useDropTarget } from './uploads-store';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * Files dragged over the conversation (feed or compose box) go to the open compose box: spread
 * `handlers` on the conversation's element and show `hint` inside it while files are over it.
 * Without a compose box the drop does nothing, and the browser does not open the file in place of
 * the app either.
 */
export function useFileDrop() {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const target = useDropTarget((s) => s.addFiles);
  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current++;
      setOver(target !== null);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = target ? 'copy' : 'none';
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = [...event.dataTransfer.files];
      if (files.length) target?.(files);
    },
  };
  const hint = over ? (
    <div className="drop-hint" data-testid="drop-hint" aria-hidden="true">
      Drop files to attach them
    </div>
  ) : null;
  return { handlers, hint };
}
