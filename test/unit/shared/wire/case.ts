import type { EndpointName } from '../../../../shared/api';
import type { HttpMethod } from '../../../../shared/api/endpoint';

/** Current servers: every modern form applies. */
export const CURRENT = 400;

/**
 * One call and the exact request it must produce at a feature level: either the wire request, or
 * the level the call needs (an `UnsupportedFeatureError`).
 */
export type WireCase = {
  name: EndpointName;
  title: string;
  level: number;
  params: Record<string, unknown>;
} & (
  | { expected: { method: HttpMethod; path: string; fields: Record<string, string> }; needsLevel?: never }
  | { needsLevel: number; expected?: never }
);
