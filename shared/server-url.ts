/**
 * What a person types (or pastes from their browser) as their organization's address, turned into
 * the server base URLs worth asking, most likely first:
 * - `chat.example.com` becomes `https://chat.example.com`; an explicit `http://` is kept (local and
 *   test servers); a typed address of this machine without a scheme is also tried over http;
 * - a page's address (`https://chat.example.com/#narrow/channel/1`, `…/login/`) loses its query
 *   and fragment, and its path is tried, then the bare host (the real service is not served from a
 *   path, but a proxy may put one there);
 * - anything but http and https, credentials in the address, or no host: null (not a server).
 */
export function serverUrlCandidates(input: string): string[] | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  // Only "name://" is a typed scheme: "localhost:9991" would parse as the scheme "localhost:".
  const schemeTyped = !schemeAssumed(trimmed);
  let url: URL;
  try {
    url = new URL(schemeTyped ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !url.hostname) return null;
  const path = url.pathname.replace(/\/+$/, '');
  const candidates = path ? [`${url.origin}${path}`, url.origin] : [url.origin];
  if (!schemeTyped && isThisMachine(url.hostname))
    candidates.push(...candidates.map((candidate) => candidate.replace(/^https:/, 'http:')));
  return candidates;
}

/** The first address `serverUrlCandidates` would try, or null. */
export function normalizeServerUrl(input: string): string | null {
  return serverUrlCandidates(input)?.[0] ?? null;
}

/** Whether `hostname` is this machine (loopback), where plain http crosses no network. */
export function isThisMachine(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether the address was typed without a scheme (so https was assumed). `https:/host` and
 * `https:///host` are typos of a typed scheme (browsers read them so), not a host named "https".
 */
export function schemeAssumed(input: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:\/\/|https?:\/)/i.test(input.trim());
}
