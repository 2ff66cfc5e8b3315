import { z } from 'zod';
import { lazy } from '../../shared/api/lazy';
import { bridgeMethods, bytesReviver, type RequestFrame } from '../../shared/ipc-wire';

const MAX_ARGS = 4;

const envelopeSchema = lazy(() =>
  z.object({
    type: z.literal('request'),
    id: z.number().int().nonnegative(),
  }),
);

const requestFrameSchema = lazy(() =>
  envelopeSchema().extend({
    method: z.enum(bridgeMethods),
    args: z.array(z.unknown()).max(MAX_ARGS),
  }),
);

/**
 * What a frame from a renderer is: a request to run; a request that carries an id but cannot be
 * run (an unknown method, say from a renderer newer than this host), which is answered with
 * `message` so the caller does not wait forever; or garbage that has no id to answer.
 */
export type ParsedFrame =
  | { kind: 'request'; frame: RequestFrame }
  | { kind: 'refused'; id: number; message: string }
  | { kind: 'malformed' };

export function parseRequestFrame(text: string): ParsedFrame {
  let json: unknown;
  try {
    // Bytes (an upload's pieces) arrive as `{ $bytes: base64 }`.
    json = JSON.parse(text, bytesReviver);
  } catch {
    return { kind: 'malformed' };
  }
  const envelope = envelopeSchema().safeParse(json);
  if (!envelope.success) return { kind: 'malformed' };
  const parsed = requestFrameSchema().safeParse(json);
  if (parsed.success) return { kind: 'request', frame: parsed.data };
  const { id } = envelope.data;
  const { method, args } = json as { method?: unknown; args?: unknown };
  if (typeof method !== 'string' || !(bridgeMethods as readonly string[]).includes(method))
    return { kind: 'refused', id, message: unknownBridgeMethodMessage(method) };
  if (!Array.isArray(args) || args.length > MAX_ARGS)
    return {
      kind: 'refused',
      id,
      message: `Bad arguments for bridge method ${method}: a list of at most ${MAX_ARGS}.`,
    };
  return { kind: 'malformed' };
}

export function unknownBridgeMethodMessage(method: unknown): string {
  const name = (typeof method === 'string' ? method : String(JSON.stringify(method ?? null))).slice(0, 100);
  return `Unknown bridge method: ${name}. This app's main process does not offer it (is the page newer than the app?).`;
}
