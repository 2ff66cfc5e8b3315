/**
 * Turns what a person types into a server's base URL: `chat.example.com` becomes
 * `https://chat.example.com`; an explicit `http://` is kept (local and test servers); anything but
 * http and https, credentials in the URL, queries and fragments are refused.
 */
export function normalizeServerUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || !url.hostname) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Resolves a possibly relative URL from the server (e.g. `realm_icon`) against its base URL. */
export function absoluteUrl(serverUrl: string, value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, `${serverUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Whether an API key may be sent to this server: always over https; over plain http only to this
 * machine (the embedded demo server, a local development server), where nothing crosses a network.
 */
export function mayCarryCredentials(serverUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
