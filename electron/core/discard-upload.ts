import { z } from 'zod';
import { defineEndpoint, emptySuccess, successResponse } from '../../shared/api/endpoint';
import type { HttpClient } from './http-client';

/** GET /attachments: the user's uploads; only what finds one by its path is decoded. */
const listOwnUploads = defineEndpoint({
  name: 'listOwnUploads',
  method: 'GET',
  path: '/attachments',
  params: () => z.object({}),
  response: () =>
    successResponse({
      attachments: z.array(z.looseObject({ id: z.number().int(), path_id: z.string() })),
    }),
});

/** DELETE /attachments/{attachment_id}: one of the user's own uploads. */
const deleteOwnUpload = defineEndpoint({
  name: 'deleteOwnUpload',
  method: 'DELETE',
  path: '/attachments/{attachment_id}',
  params: () => z.object({ attachment_id: z.number().int() }),
  response: emptySuccess,
});

/**
 * The `path_id` an upload's URL (`/user_uploads/<path_id>`, or the same under the server's address)
 * may name: as written, and percent-decoded.
 */
export function uploadPathIds(url: string): string[] {
  const path = /\/user_uploads\/([^?#]+)$/.exec(url)?.[1];
  if (!path) return [];
  try {
    return [path, decodeURIComponent(path)];
  } catch {
    return [path];
  }
}

/**
 * Deletes the stored file an upload's answer named (a file the person cancelled, stored anyway):
 * two calls, one to find its id and one to delete it. Returns whether it is gone; never throws.
 */
export async function discardUpload(client: HttpClient, url: string): Promise<boolean> {
  const pathIds = uploadPathIds(url);
  if (pathIds.length === 0) return false;
  const listed = await client.call(listOwnUploads, {}, { maxRetries: 1 });
  if (!listed.ok) return false;
  const found = listed.value.attachments.find((a) => pathIds.includes(a.path_id));
  if (!found) return true;
  const deleted = await client.call(deleteOwnUpload, { attachment_id: found.id }, { maxRetries: 1 });
  return deleted.ok;
}
