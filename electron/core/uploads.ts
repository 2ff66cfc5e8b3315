import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { lazy } from '../../shared/api/lazy';
import { clientFailureCodes, type CallResult, type UploadedFile, type UploadRequest } from '../../shared/ipc';
import type { CallFailure } from '../../shared/errors';
import { discardUpload } from './discard-upload';
import type { HttpClient } from './http-client';
import { multipartEnvelope, randomBoundary } from './multipart';

/**
 * Uploads in progress (POST /user_uploads). The renderer hands main the file piece by piece;
 * each piece goes into the request body as the request reads it, so main holds at most one piece
 * of a file and a piece's promise resolves when it is on its way: that is the upload's progress.
 * Cancelling aborts the request; an upload that receives nothing for `idleMs` (its page went
 * away) is cancelled too. Once the whole file is in the request, aborting it would stop only the
 * answer, not the server storing the file: a cancel then waits for the answer (`cancelledAnswerMs`
 * at most) and deletes the file it names.
 */

export interface UploadTarget {
  /** The account the upload is for: its uploads end with it (`cancelAccount`). */
  accountId: string;
  client: HttpClient;
  /** The organization's `max_file_upload_size_mib` in bytes, when the server said. */
  limitBytes: number | null;
}

export interface UploadsOptions {
  idleMs?: number;
  /** How long an upload cancelled after its whole file went out may still answer. */
  cancelledAnswerMs?: number;
  /** Uploads in progress at once, all accounts together. */
  maxActive?: number;
  random?: () => number;
}

/** The answer of POST /user_uploads: `url` and `filename` since level 272, `uri` before. */
const uploadAnswer = lazy(() =>
  z.looseObject({
    url: z.string().optional(),
    uri: z.string().optional(),
    filename: z.string().optional(),
  }),
);

/** The stored file's URL in an upload's answer. */
function uploadedUrl(answer: unknown): { url: string; filename?: string } | null {
  const decoded = uploadAnswer().safeParse(answer);
  const url = decoded.success ? (decoded.data.url ?? decoded.data.uri) : undefined;
  return decoded.success && url ? { url, filename: decoded.data.filename } : null;
}

function failure(code: string, msg: string): { ok: false; error: CallFailure } {
  return { ok: false, error: { kind: 'api', status: 0, code, msg, extra: {} } };
}

export function formatMiB(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

class Upload {
  private sent = 0;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly abort = new AbortController();
  /** The piece waiting for the request to read it. */
  private waiting: { resolve(): void; reject(error: Error): void } | null = null;
  private settled = false;
  /** The file and the form's end are all in the request: the server may store it whatever happens next. */
  private handedOver = false;
  private readonly tail: Uint8Array;
  readonly answer: Promise<CallResult<unknown>>;

  constructor(
    readonly client: HttpClient,
    readonly file: UploadRequest,
    random: () => number,
  ) {
    const envelope = multipartEnvelope(file, randomBoundary(random));
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
          controller.enqueue(envelope.head);
        },
        pull: () => this.release(),
      },
      // One piece queued at a time: the next is asked for only when the request took this one.
      { highWaterMark: 1 },
    );
    this.tail = envelope.tail;
    this.answer = client.postStream('/user_uploads', body, envelope.contentType, this.abort.signal);
    // An answer before the last piece (a refusal, a dropped connection) ends the upload early.
    void this.answer.then(() => {
      this.settled = true;
      this.fail(new Error('The server answered before the whole file was sent.'));
    });
  }

  async push(bytes: Uint8Array): Promise<void> {
    if (this.abort.signal.aborted) throw new Error('The upload was cancelled.');
    if (this.settled) throw new Error('The server answered before the whole file was sent.');
    if (this.waiting) throw new Error('Send the pieces of a file one after another.');
    if (this.sent + bytes.length > this.file.size)
      throw new Error('More bytes than the file was said to have.');
    this.sent += bytes.length;
    this.controller.enqueue(bytes);
    if ((this.controller.desiredSize ?? 0) > 0) return;
    await new Promise<void>((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  async finish(): Promise<CallResult<unknown>> {
    if (this.abort.signal.aborted)
      return failure(clientFailureCodes.uploadCancelled, 'The upload was cancelled.');
    if (!this.settled) {
      if (this.sent !== this.file.size) {
        this.cancel();
        return failure(
          clientFailureCodes.uploadCancelled,
          `Only ${this.sent} of the file's ${this.file.size} bytes were sent.`,
        );
      }
      this.controller.enqueue(this.tail);
      this.controller.close();
      this.handedOver = true;
    }
    return this.answer;
  }

  get wholeFileSent(): boolean {
    return this.handedOver;
  }

  cancel(): void {
    this.abort.abort();
    this.fail(new Error('The upload was cancelled.'));
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve();
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

export class Uploads {
  private readonly active = new Map<
    string,
    { upload: Upload; accountId: string; idle: ReturnType<typeof setTimeout>; cancelled?: true }
  >();
  private readonly idleMs: number;
  private readonly cancelledAnswerMs: number;
  private readonly maxActive: number;
  private readonly random: () => number;

  constructor(options: UploadsOptions = {}) {
    this.idleMs = options.idleMs ?? 60_000;
    this.cancelledAnswerMs = options.cancelledAnswerMs ?? 30_000;
    this.maxActive = options.maxActive ?? 20;
    this.random = options.random ?? Math.random;
  }

  begin(target: UploadTarget | null, file: UploadRequest): CallResult<{ uploadId: string }> {
    if (!target) return failure(clientFailureCodes.noAccount, 'No account is signed in.');
    if (target.limitBytes !== null && file.size > target.limitBytes)
      return failure(
        clientFailureCodes.fileTooLarge,
        `“${file.name}” is ${formatMiB(file.size)}; this organization accepts files up to ${formatMiB(target.limitBytes)}.`,
      );
    if (this.active.size >= this.maxActive)
      return failure(clientFailureCodes.overloaded, 'Too many uploads at once; wait for some to finish.');
    const uploadId = randomUUID();
    const upload = new Upload(target.client, file, this.random);
    this.active.set(uploadId, { upload, accountId: target.accountId, idle: this.idleTimer(uploadId) });
    return { ok: true, value: { uploadId } };
  }

  async sendChunk(uploadId: string, bytes: Uint8Array): Promise<void> {
    const entry = this.active.get(uploadId);
    if (!entry) throw new Error('No such upload: it finished, was cancelled, or waited too long.');
    clearTimeout(entry.idle);
    try {
      await entry.upload.push(bytes);
    } finally {
      if (this.active.get(uploadId) === entry) entry.idle = this.idleTimer(uploadId);
    }
  }

  async finish(uploadId: string): Promise<CallResult<UploadedFile>> {
    const entry = this.active.get(uploadId);
    if (!entry)
      return failure(
        clientFailureCodes.uploadCancelled,
        'No such upload: it finished, was cancelled, or waited too long.',
      );
    clearTimeout(entry.idle);
    // Still listed while the server answers: a cancel meanwhile aborts the request.
    let answer: CallResult<unknown>;
    try {
      answer = await entry.upload.finish();
    } finally {
      if (this.active.get(uploadId) === entry) this.active.delete(uploadId);
    }
    if (entry.cancelled) return failure(clientFailureCodes.uploadCancelled, 'The upload was cancelled.');
    if (!answer.ok) return answer;
    const uploaded = uploadedUrl(answer.value);
    if (!uploaded)
      return {
        ok: false,
        error: { kind: 'malformed', status: 200, message: 'the upload answer has no url' },
      };
    return { ok: true, value: { url: uploaded.url, filename: uploaded.filename ?? entry.upload.file.name } };
  }

  cancel(uploadId: string): void {
    const entry = this.active.get(uploadId);
    if (!entry) return;
    clearTimeout(entry.idle);
    this.active.delete(uploadId);
    entry.cancelled = true;
    if (entry.upload.wholeFileSent) this.discardWhenStored(entry.upload);
    else entry.upload.cancel();
  }

  /** A cancel too late to stop the server storing the file: the file its answer names is deleted. */
  private discardWhenStored(upload: Upload): void {
    const timer = setTimeout(() => upload.cancel(), this.cancelledAnswerMs);
    timer.unref?.();
    void upload.answer
      .then(async (answer) => {
        clearTimeout(timer);
        const uploaded = answer.ok ? uploadedUrl(answer.value) : null;
        if (uploaded) await discardUpload(upload.client, uploaded.url);
      })
      .catch(() => undefined);
  }

  cancelAll(): void {
    for (const uploadId of [...this.active.keys()]) this.cancel(uploadId);
  }

  /** Cancels every upload of one account (signed out of, or replaced by a new sign-in). */
  cancelAccount(accountId: string): void {
    for (const [uploadId, entry] of [...this.active])
      if (entry.accountId === accountId) this.cancel(uploadId);
  }

  get inProgress(): number {
    return this.active.size;
  }

  private idleTimer(uploadId: string): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => this.cancel(uploadId), this.idleMs);
    timer.unref?.();
    return timer;
  }
}
