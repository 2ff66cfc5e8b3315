import { z } from 'zod';
import { bridgeMethods, type RequestFrame } from '../../shared/ipc-wire';

const requestFrameSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  method: z.enum(bridgeMethods),
  args: z.array(z.unknown()).max(4),
});

/** Parses a frame from a renderer; null for anything that is not a well-formed request. */
export function parseRequestFrame(text: string): RequestFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = requestFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
