import { badRequest } from '../http/errors';
import type { Realm } from '../realm/realm';
import { getUserByEmail } from '../realm/users';

/** `to` of a direct message: a JSON list of user ids or emails, or comma-separated emails. */
export function directRecipients(realm: Realm, raw: string): number[] {
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    list = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (typeof list === 'number') list = [list];
  if (typeof list === 'string') list = [list];
  if (!Array.isArray(list)) throw badRequest('Invalid recipients');
  return list.map((item) => {
    if (typeof item === 'number') return item;
    if (typeof item === 'string') {
      const u = getUserByEmail(realm, item);
      if (!u) throw badRequest(`Invalid email '${item}'`);
      return u.user_id;
    }
    throw badRequest('Invalid recipients');
  });
}

/** `to` of a channel message: a channel id or name, possibly JSON-encoded or in a one-item list. */
export function channelTarget(raw: string): string | number {
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v === 'number' || typeof v === 'string') return v;
    if (Array.isArray(v) && v.length === 1 && (typeof v[0] === 'number' || typeof v[0] === 'string'))
      return v[0];
  } catch {
    /* a bare channel name */
  }
  return raw;
}
