import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { ApiError } from './errors';
import { authenticate } from './auth';
import { parseParams } from './params';
import type { RouteDef } from './route';
import type { ServerContext } from './context';
import type { User } from '../realm/users';
import { avatarPng } from './avatar-image';
import { registerStaticAssets } from './static-assets';
import { maxFileUploadBytes, uploadTooLarge } from '../realm/uploads';
import {
  capConnectionsPerAddress,
  DEFAULT_RATE_LIMITS,
  UserRateLimiter,
  type RateLimits,
} from './rate-limit';

export const API_PREFIX = '/api/v1';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

interface MultipartPart {
  type: 'field' | 'file';
  value?: unknown;
  fieldname: string;
  filename?: string;
  mimetype?: string;
  _buf?: Buffer | null;
}

function isPart(v: unknown): v is MultipartPart {
  return (
    !!v &&
    typeof v === 'object' &&
    ((v as MultipartPart).type === 'field' || (v as MultipartPart).type === 'file')
  );
}

/** Files of a multipart request (their parts are not parameters). */
export function uploadedFiles(request: FastifyRequest): UploadedFile[] {
  const out: UploadedFile[] = [];
  if (!request.body || typeof request.body !== 'object') return out;
  for (const v of Object.values(request.body as Record<string, unknown>)) {
    for (const part of Array.isArray(v) ? v : [v]) {
      if (isPart(part) && part.type === 'file') {
        out.push({
          fieldname: part.fieldname,
          filename: part.filename ?? 'file',
          mimetype: part.mimetype ?? 'application/octet-stream',
          data: part._buf ?? Buffer.alloc(0),
        });
      }
    }
  }
  return out;
}

/** Flatten query and body into name → string (last value wins; uploaded files are not parameters). */
function rawParams(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const isJsonBody = /^application\/json/i.test(String(request.headers['content-type'] ?? ''));
  const add = (source: unknown, json: boolean) => {
    if (!source || typeof source !== 'object') return;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      // A repeated form or query field arrives as an array; in a JSON body an array is the value itself.
      let value = Array.isArray(v) && !json ? v.at(-1) : v;
      if (isPart(value)) {
        if (value.type === 'file') continue;
        value = value.value;
      }
      if (typeof value === 'string') out[k] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') out[k] = String(value);
      // A JSON request body (not what the spec describes, but harmless): lists and objects as JSON text.
      else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value))
        out[k] = JSON.stringify(value);
    }
  };
  add(request.query, false);
  add(request.body, isJsonBody);
  return out;
}

export async function buildApp(
  server: ServerContext,
  routes: RouteDef[],
  opts: {
    logger?: boolean;
    quiet?: boolean;
    extra?: (app: FastifyInstance) => void;
    limits?: RateLimits;
  } = {},
): Promise<FastifyInstance> {
  const limits = opts.limits ?? DEFAULT_RATE_LIMITS;
  const limiter = new UserRateLimiter(limits);
  // forceCloseConnections: close() must not wait for idle keep-alive sockets (a browser holds some open).
  const maxUploadBytes = maxFileUploadBytes(server.realm);
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: Math.max(30 * 1024 * 1024, maxUploadBytes + 5 * 1024 * 1024),
    forceCloseConnections: true,
  });
  await app.register(formbody);
  await app.register(multipart, { attachFieldsToBody: true, limits: { fileSize: maxUploadBytes } });

  // Requests whose route handler started; a failure before that is in reading the request itself.
  const handled = new WeakSet<FastifyRequest>();
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      void reply.status(error.status).headers(error.headers).send(error.toBody());
      return;
    }
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      // Read as far as the limit and no further: the real service's answer for an upload too large.
      const tooLarge = uploadTooLarge(server.realm);
      void reply.status(tooLarge.status).send(tooLarge.toBody());
      return;
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      void reply.status(status).send({ result: 'error', msg: (error as Error).message, code: 'BAD_REQUEST' });
      return;
    }
    if (!handled.has(request)) {
      // e.g. a truncated multipart body: the client's fault, not an internal error.
      void reply.status(400).send({ result: 'error', msg: 'Malformed request body', code: 'BAD_REQUEST' });
      return;
    }
    if (!opts.quiet) console.error(error);
    void reply
      .status(500)
      .send({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  });
  // preHandler runs once the body is read (multipart fields are attached in preValidation).
  app.addHook('preHandler', async (request) => {
    handled.add(request);
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
  });

  for (const def of routes) {
    app.route({
      method: def.method,
      url: API_PREFIX + def.path,
      handler: async (request, reply) => {
        const user =
          def.auth === false ? (undefined as unknown as User) : authenticate(server.realm, request);
        const admitted =
          def.auth === false
            ? null
            : limiter.admit(user.user_id, { longPoll: def.method === 'GET' && def.path === '/events' });
        if (admitted) void reply.headers({ ...admitted.headers });
        try {
          const pathParams = (request.params ?? {}) as Record<string, string>;
          const { values, ignored } = parseParams(def.params, rawParams(request), pathParams);
          const result = await def.handler({ server, realm: server.realm, user, request }, values);
          if (server.saveChanges && (def.changesState ?? def.method !== 'GET')) await server.saveChanges();
          const body: Record<string, unknown> = { result: 'success', msg: '', ...result };
          if (ignored.length > 0) body.ignored_parameters_unsupported = ignored;
          void reply.status(200).send(body);
        } finally {
          admitted?.release();
        }
      },
    });
  }

  opts.extra?.(app);
  registerStaticAssets(app);
  capConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress);

  // Avatars: an identicon for everyone, as a PNG (server/http/avatar-image.ts says why not SVG).
  app.get('/avatar/:userId', async (request, reply) => {
    const id = Number((request.params as { userId: string }).userId);
    if (!Number.isSafeInteger(id)) return reply.code(404).type('text/plain').send('No such avatar');
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(avatarPng(id));
  });
  return app;
}
