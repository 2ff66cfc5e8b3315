import { parse } from 'ini';

/**
 * The real service hands its users a key as a "zuliprc" file: INI text whose `[api]` section has
 * `email`, `key` and `site`. Parsed here, in the main process, so the key never sits in the
 * renderer's state.
 */

export interface ZuliprcCredentials {
  email: string;
  apiKey: string;
  site: string;
}

export type ZuliprcResult = { ok: true; value: ZuliprcCredentials } | { ok: false; message: string };

/** Far larger than any real file; anything bigger is not one. */
export const MAX_ZULIPRC_LENGTH = 64 * 1024;

export function parseZuliprc(text: string): ZuliprcResult {
  if (text.length > MAX_ZULIPRC_LENGTH)
    return { ok: false, message: 'This file is too large to be a zuliprc file.' };
  let sections: Record<string, unknown>;
  try {
    sections = parse(text);
  } catch {
    return { ok: false, message: 'This file could not be read as a zuliprc file.' };
  }
  const api = sections.api;
  if (!api || typeof api !== 'object')
    return { ok: false, message: 'This file has no [api] section, so it is not a zuliprc file.' };
  const field = (name: string) => {
    const value = (api as Record<string, unknown>)[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const email = field('email');
  const apiKey = field('key');
  const site = field('site');
  const missing = [!email && 'email', !apiKey && 'key', !site && 'site'].filter(Boolean);
  if (missing.length > 0)
    return {
      ok: false,
      message: `The [api] section of this file has no ${missing.join(', ')}: a zuliprc file needs email, key and site.`,
    };
  return { ok: true, value: { email, apiKey, site } };
}
