import { badRequest, type ApiError } from '../http/errors';
import type { Realm } from './realm';
import { imageDimensions } from './image-size';

export function maxFileUploadBytes(realm: Realm): number {
  return realm.maxFileUploadSizeMib * 1024 * 1024;
}

/** The real service's refusal of a file over `max_file_upload_size_mib` (a self-hosted server's wording). */
export function uploadTooLarge(realm: Realm): ApiError {
  return badRequest(
    `File is larger than this server's configured maximum upload size (${realm.maxFileUploadSizeMib} MiB).`,
  );
}

/** An uploaded file (spec 2.5). `create_time` is milliseconds. */
export interface Attachment {
  id: number;
  name: string;
  path_id: string;
  size: number;
  create_time: number;
  owner_id: number;
  message_ids: Set<number>;
  content_type: string;
  /** The file's bytes (absent for seeded attachments, which serve a placeholder). */
  data?: Buffer;
  /** Width and height in pixels, for an image whose header says so (rendered as `data-original-dimensions`). */
  dimensions?: { width: number; height: number };
}

export function createAttachment(
  realm: Realm,
  ownerId: number,
  name: string,
  size: number,
  file: { data: Buffer; content_type: string } | undefined = undefined,
): Attachment {
  const id = realm.nextId('attachment');
  const safeName = name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'file';
  const a: Attachment = {
    id,
    name,
    path_id: `${ownerId}/${id.toString(16).padStart(4, '0')}/${safeName}`,
    size,
    create_time: realm.clock(),
    owner_id: ownerId,
    message_ids: new Set(),
    content_type: file?.content_type ?? 'application/octet-stream',
    ...(file ? { data: file.data } : {}),
  };
  const dimensions = file && file.content_type.startsWith('image/') ? imageDimensions(file.data) : null;
  if (dimensions) a.dimensions = dimensions;
  realm.attachments.set(id, a);
  return a;
}

/** An upload through the API: the attachment, announced to its owner (`attachment` / `add`). */
export function uploadAttachment(
  realm: Realm,
  ownerId: number,
  name: string,
  file: { data: Buffer; content_type: string },
): Attachment {
  if (file.data.length > maxFileUploadBytes(realm)) throw uploadTooLarge(realm);
  const a = createAttachment(realm, ownerId, name, file.data.length, file);
  publishAttachment(realm, a, 'add');
  return a;
}

/**
 * Deletes one of the user's own uploads (DELETE /attachments/{id}); another user's, or a missing
 * one, is "Invalid attachment" as in the real service. Announced with `attachment` / `remove`.
 */
export function deleteAttachment(realm: Realm, userId: number, attachmentId: number): void {
  const a = realm.attachments.get(attachmentId);
  if (!a || a.owner_id !== userId) throw badRequest('Invalid attachment');
  realm.attachments.delete(attachmentId);
  realm.events.publish([userId], {
    type: 'attachment',
    op: 'remove',
    attachment: { id: attachmentId },
    upload_space_used: uploadSpaceUsed(realm, userId),
  });
}

/** The user's uploads (GET /attachments), newest first, and the bytes they take. */
export function attachmentsOf(
  realm: Realm,
  userId: number,
): { attachments: Record<string, unknown>[]; upload_space_used: number } {
  const own = [...realm.attachments.values()]
    .filter((a) => a.owner_id === userId)
    .sort((x, y) => y.id - x.id);
  return {
    attachments: own.map((a) => attachmentToWire(realm, a)),
    upload_space_used: uploadSpaceUsed(realm, userId),
  };
}

function uploadSpaceUsed(realm: Realm, userId: number): number {
  let total = 0;
  for (const a of realm.attachments.values()) if (a.owner_id === userId) total += a.size;
  return total;
}

function publishAttachment(realm: Realm, a: Attachment, op: 'add' | 'update'): void {
  realm.events.publish([a.owner_id], {
    type: 'attachment',
    op,
    attachment: attachmentToWire(realm, a),
    upload_space_used: uploadSpaceUsed(realm, a.owner_id),
  });
}

/** path_ids referenced as `/user_uploads/<path_id>` in content. */
export function referencedPathIds(content: string): Set<string> {
  const out = new Set<string>();
  for (const m of content.matchAll(/\/user_uploads\/([^\s)\]"'>]+)/g)) out.add(m[1]!);
  return out;
}

/**
 * Re-link a message's attachments after its content is set. Only the sender's own uploads are linked.
 * Each attachment whose messages changed is announced to its owner (`attachment` / `update`).
 * Returns attachments that lost this message.
 */
export function relinkAttachments(
  realm: Realm,
  messageId: number,
  senderId: number,
  content: string,
): Attachment[] {
  const refs = referencedPathIds(content);
  const removed: Attachment[] = [];
  for (const a of realm.attachments.values()) {
    const referenced = a.owner_id === senderId && refs.has(a.path_id);
    if (referenced && !a.message_ids.has(messageId)) {
      a.message_ids.add(messageId);
      publishAttachment(realm, a, 'update');
    } else if (!referenced && a.message_ids.delete(messageId)) {
      removed.push(a);
      publishAttachment(realm, a, 'update');
    }
  }
  return removed;
}

export function attachmentToWire(realm: Realm, a: Attachment): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    path_id: a.path_id,
    size: a.size,
    create_time: a.create_time,
    messages: [...a.message_ids]
      .sort((x, y) => x - y)
      .map((id) => ({ id, date_sent: (realm.messagesById.get(id)?.timestamp ?? 0) * 1000 })),
  };
}

export function attachmentByPathId(realm: Realm, pathId: string): Attachment | undefined {
  for (const a of realm.attachments.values()) if (a.path_id === pathId) return a;
  return undefined;
}

/**
 * Who may download an upload: its owner, and anyone who can read a message referencing it.
 * `canRead` is passed in to keep this module free of message rules.
 */
export function canDownload(a: Attachment, userId: number, canRead: (messageId: number) => boolean): boolean {
  if (a.owner_id === userId) return true;
  for (const id of a.message_ids) if (canRead(id)) return true;
  return false;
}
