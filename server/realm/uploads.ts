import type { Realm } from './realm';

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
  realm.attachments.set(id, a);
  return a;
}

/** path_ids referenced as `/user_uploads/<path_id>` in content. */
export function referencedPathIds(content: string): Set<string> {
  const out = new Set<string>();
  for (const m of content.matchAll(/\/user_uploads\/([^\s)\]"'>]+)/g)) out.add(m[1]!);
  return out;
}

/**
 * Re-link a message's attachments after its content is set. Only the sender's own uploads are linked.
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
    if (referenced) a.message_ids.add(messageId);
    else if (a.message_ids.delete(messageId)) removed.push(a);
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
