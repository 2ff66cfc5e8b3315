import { ApiError } from '../http/errors';
import { canReadMessage } from './messages';
import type { Realm } from './realm';
import { attachmentByPathId, canDownload, type Attachment } from './uploads';
import type { User } from './users';

// Apart from uploads.ts: message rendering reads uploads (image previews), and reading a message's
// permissions leads back to rendering, so the access rule lives where the cycle cannot form.

/** The attachment behind a file URL, if `user` may download it: the owner, or anyone who can read a message linking it. */
export function downloadableAttachment(realm: Realm, user: User, pathId: string): Attachment {
  const a = attachmentByPathId(realm, pathId);
  const canRead = (id: number) => {
    const m = realm.messagesById.get(id);
    return !!m && canReadMessage(realm, user, m);
  };
  if (!a || !canDownload(a, user.user_id, canRead)) throw new ApiError('File not found.', 'BAD_REQUEST', 404);
  return a;
}
