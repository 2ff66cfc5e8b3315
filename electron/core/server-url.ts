export { normalizeServerUrl, serverUrlCandidates } from '../../shared/server-url';
import { isThisMachine } from '../../shared/server-url';

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
  return isThisMachine(url.hostname);
}
