import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '../http/errors';
import { downloadableAttachment } from '../realm/attachment-access';
import { route } from '../http/route';
import { p } from '../http/params';
import { authenticate } from '../http/auth';
import { uploadedFiles } from '../http/app';
import type { ServerContext } from '../http/context';
import type { Realm } from '../realm/realm';
import {
  attachmentByPathId,
  attachmentsOf,
  deleteAttachment,
  uploadAttachment,
  type Attachment,
} from '../realm/uploads';

const TEMPORARY_URL_SECONDS = 60;
const tokens = new WeakMap<Realm, Map<string, { pathId: string; expires: number }>>();

function tokenStore(realm: Realm) {
  let store = tokens.get(realm);
  if (!store) {
    store = new Map();
    tokens.set(realm, store);
  }
  return store;
}

/** Uploads (spec 2.5 names their `path_id` and `/user_uploads/<path_id>` URL). */
export const uploadRoutes = [
  route({
    method: 'GET',
    path: '/attachments',
    params: {},
    handler: ({ realm, user }) => attachmentsOf(realm, user.user_id),
  }),
  route({
    method: 'DELETE',
    path: '/attachments/:attachment_id',
    params: { attachment_id: p.int().required() },
    handler: ({ realm, user }, { attachment_id }) => {
      deleteAttachment(realm, user.user_id, attachment_id);
      return {};
    },
  }),
  route({
    method: 'POST',
    path: '/user_uploads',
    params: {},
    handler: ({ realm, user, request }) => {
      const files = uploadedFiles(request);
      if (files.length === 0) throw badRequest('You must specify a file to upload');
      if (files.length > 1) throw badRequest('You may only upload one file at a time');
      const file = files[0]!;
      const a = uploadAttachment(realm, user.user_id, file.filename, {
        data: file.data,
        content_type: file.mimetype,
      });
      const url = `/user_uploads/${a.path_id}`;
      return { uri: url, url, filename: a.name };
    },
  }),
  route({
    method: 'GET',
    path: '/user_uploads/*',
    params: {},
    handler: ({ realm, user, request }) => {
      const pathId = decodeURIComponent((request.params as { '*': string })['*']);
      downloadableAttachment(realm, user, pathId);
      const token = randomBytes(16).toString('hex');
      tokenStore(realm).set(token, { pathId, expires: Date.now() + TEMPORARY_URL_SECONDS * 1000 });
      const name = pathId.split('/').at(-1)!;
      return { url: `/user_uploads/temporary/${token}/${name}` };
    },
  }),
];

/** Raw file serving outside /api/v1: Basic auth, or a temporary URL from GET /api/v1/user_uploads/... */
export function registerFileServing(app: FastifyInstance, server: ServerContext): void {
  const send = (a: Attachment, reply: FastifyReply) =>
    reply
      .type(a.content_type)
      .header('content-disposition', `inline; filename="${a.name.replace(/"/g, '')}"`)
      .send(a.data ?? Buffer.from(`(placeholder for ${a.name})\n`));

  app.get('/user_uploads/temporary/:token/:name', async (request, reply) => {
    const { token } = request.params as { token: string };
    const entry = tokenStore(server.realm).get(token);
    const a =
      entry && entry.expires > Date.now() ? attachmentByPathId(server.realm, entry.pathId) : undefined;
    if (!a) return reply.status(404).send({ result: 'error', msg: 'File not found.', code: 'BAD_REQUEST' });
    return send(a, reply);
  });
  app.get('/user_uploads/*', async (request, reply) => {
    const user = authenticate(server.realm, request);
    const pathId = decodeURIComponent((request.params as { '*': string })['*']);
    return send(downloadableAttachment(server.realm, user, pathId), reply);
  });
}
