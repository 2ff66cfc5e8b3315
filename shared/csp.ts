/**
 * The app's Content-Security-Policy, built in one place for the three that state it: the Electron
 * shell's response header (electron/core/window-policy.ts), the web host's response header
 * (electron/web-host.ts), and the `<meta>` tag of the built index.html (scripts/csp-meta.ts).
 * They differ only where their situations do, through the options below.
 */

export interface CspOptions {
  /**
   * The web host's bridge: the page may open a WebSocket to this port on 127.0.0.1 or localhost.
   * `'any'` is for the built page, which does not know which port will serve it.
   */
  bridgePort?: number | 'any';
  /** Browsers ignore `frame-ancestors` in a `<meta>` policy (and warn about it), so it is left out there. */
  delivery?: 'header' | 'meta';
}

import { ACCOUNT_FILE_SCHEME } from './ipc-wire';

/** Hosts of this machine: the web host listens on the first, the embedded demo server on either. */
const LOCAL_HOSTS = ['127.0.0.1', 'localhost'];

export function contentSecurityPolicy({ bridgePort, delivery = 'header' }: CspOptions = {}): string {
  const port = bridgePort === 'any' ? '*' : bridgePort;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    // Plain http images only from this machine (the embedded demo server); external ones wait for a
    // click in the sanitizer, which never loads them over http.
    // And the account's own files, which main fetches with its credentials (Electron's scheme; the
    // web host serves them from its own origin).
    [
      'img-src',
      "'self'",
      'data:',
      'https:',
      ...LOCAL_HOSTS.map((host) => `http://${host}:*`),
      `${ACCOUNT_FILE_SCHEME}:`,
    ],
    [
      'connect-src',
      "'self'",
      ...(port === undefined ? [] : LOCAL_HOSTS.map((host) => `ws://${host}:${port}`)),
    ],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'none'"],
  ];
  return directives
    .filter(([name]) => !(delivery === 'meta' && name === 'frame-ancestors'))
    .map((directive) => directive.join(' '))
    .join('; ');
}
