/**
 * The last check before anything crosses the bridge: fields that hold a credential are removed
 * wherever they sit, whatever endpoint, push or event carried them. Servers put keys in places a
 * per-endpoint rule would miss (POST /register's `realm_bots` carries the keys of the bots the user
 * owns, `realm_bot` events carry a regenerated one), so the rule is structural, not per endpoint.
 *
 * `giphy_api_key` is not a credential of the user: the service hands it to every browser client
 * for GIF search, so it is left alone.
 */
export const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set(['api_key', 'apiKey']);

const MAX_DEPTH = 64;

/**
 * `value` without credential fields. Copy on write: a subtree without any credential is returned
 * as the same object, so the usual frame (messages, events) costs a walk and no allocation.
 */
export function withoutCredentials<T>(value: T): T {
  return strip(value, 0) as T;
}

function strip(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw new Error('Refused to send a value nested too deeply to check for keys.');
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const stripped = strip(item, depth + 1);
      if (stripped !== item) {
        copy ??= value.slice();
        copy[i] = stripped;
      }
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (CREDENTIAL_FIELDS.has(key)) {
      copy ??= { ...record };
      delete copy[key];
      continue;
    }
    const item = record[key];
    const stripped = strip(item, depth + 1);
    if (stripped !== item) {
      copy ??= { ...record };
      copy[key] = stripped;
    }
  }
  return copy ?? value;
}
