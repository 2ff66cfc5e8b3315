import { z } from 'zod';
import { lazy } from './lazy';

/**
 * The spec renames a few identifiers that carry the product's name in the real service (spec
 * preamble). A real deployment sends its own spellings, so every decoder that reads one of these
 * also accepts the real one, and the rest of the client sees only the spec's names.
 */

/** Real service field name → the spec's. */
export const REAL_FIELD_NAMES = {
  zulip_feature_level: 'service_feature_level',
  zulip_version: 'service_version',
  zulip_merge_base: 'service_merge_base',
} as const;

/** The real service's `reaction_type` for its own extra emoji. */
export const REAL_EXTRA_EMOJI_TYPE = 'zulip_extra_emoji';

/**
 * A copy of `body` in which each real-service field also appears under the spec's name (the
 * spec's own field wins when both are present). Anything that is not an object passes through.
 */
export function withSpecFieldNames(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const [real, spec] of Object.entries(REAL_FIELD_NAMES)) {
    if (record[real] !== undefined && record[spec] === undefined) {
      out ??= { ...record };
      out[spec] = record[real];
    }
  }
  return out ?? body;
}

/** A response schema that reads the real service's field names as the spec's. */
export function acceptingRealFieldNames<T extends z.ZodType>(schema: T) {
  return z.preprocess(withSpecFieldNames, schema);
}

/** `zulip_extra_emoji` reads as `service_extra_emoji`; other types are kept as sent. */
export function specReactionType(type: string): string {
  return type === REAL_EXTRA_EMOJI_TYPE ? 'service_extra_emoji' : type;
}

/** A `reaction_type` field as received: any string, the real extra-emoji type under the spec's name. */
export const receivedReactionType = lazy(() => z.string().transform(specReactionType));

/**
 * Sending: the extra emoji's type is spelled differently by the spec and the real service, but
 * both look an emoji up by name when code and type are left out. So an extra emoji goes by name
 * only, and the call means the same to either server.
 */
export function extraEmojiByName<P extends { reaction_type?: string }>(params: P): Record<string, unknown> {
  if (params.reaction_type !== 'service_extra_emoji' && params.reaction_type !== REAL_EXTRA_EMOJI_TYPE)
    return { ...params };
  const { emoji_code: _code, reaction_type: _type, ...rest } = params as P & { emoji_code?: string };
  return rest;
}
