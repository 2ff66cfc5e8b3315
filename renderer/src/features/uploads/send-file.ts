import type { CallResult, ChatBridge, UploadedFile } from '../../../../shared/ipc';

/** The size of the pieces handed to main: small enough for the web host's socket, large enough to be quick. */
export const PIECE_BYTES = 512 * 1024;

export interface SendFileOptions {
  /** Bytes main has passed on so far. */
  onProgress(sent: number): void;
  /** Called once main opened the upload, with its id (what cancelling needs). */
  onStarted?(uploadId: string): void;
  signal: AbortSignal;
  pieceBytes?: number;
}

/**
 * Uploads `file` through main: opened, sent piece by piece (each read from the file only when the
 * previous one is on its way, so a large file is never held whole), then finished. An abort
 * cancels it in main. Never throws: a failure is a failed CallResult, a cancel included.
 */
export async function sendFile(
  bridge: ChatBridge,
  file: Blob & { name: string },
  options: SendFileOptions,
): Promise<CallResult<UploadedFile> | { ok: false; cancelled: true }> {
  const cancelled = { ok: false as const, cancelled: true as const };
  const begun = await bridge.files.beginUpload({ name: file.name, type: file.type, size: file.size });
  if (!begun.ok) return begun;
  const { uploadId } = begun.value;
  options.onStarted?.(uploadId);
  const cancel = () => void bridge.files.cancelUpload(uploadId).catch(() => undefined);
  if (options.signal.aborted) {
    cancel();
    return cancelled;
  }
  options.signal.addEventListener('abort', cancel, { once: true });
  const step = options.pieceBytes ?? PIECE_BYTES;
  try {
    for (let at = 0; at < file.size; at += step) {
      const piece = new Uint8Array(await file.slice(at, Math.min(at + step, file.size)).arrayBuffer());
      if (options.signal.aborted) return cancelled;
      await bridge.files.sendChunk(uploadId, piece);
      options.onProgress(Math.min(at + step, file.size));
    }
    // A cancel while the server answers ends the wait at once (main aborts the request).
    const aborted = new Promise<typeof cancelled>((resolve) =>
      options.signal.addEventListener('abort', () => resolve(cancelled), { once: true }),
    );
    const answer = await Promise.race([bridge.files.finishUpload(uploadId), aborted]);
    return options.signal.aborted ? cancelled : answer;
  } catch (error) {
    if (options.signal.aborted) return cancelled;
    // Main stopped taking pieces (the server answered early, or the upload timed out): its answer says why.
    const answer = await bridge.files.finishUpload(uploadId).catch(() => null);
    if (answer && !answer.ok) return answer;
    return {
      ok: false,
      error: {
        kind: 'network',
        reason: 'other',
        message: error instanceof Error ? error.message : String(error),
      },
    };
  } finally {
    options.signal.removeEventListener('abort', cancel);
  }
}
