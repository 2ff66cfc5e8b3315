import { contentSecurityPolicy } from '../../shared/csp';

/**
 * The Electron shell's security decisions as plain functions, so they are tested without Electron:
 * which links leave the app, which navigations are allowed, which permissions are granted, which
 * Content-Security-Policy its pages get.
 */

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Only http, https and mailto URLs are handed to the system (browser, mail client). */
export function isExternalUrlAllowed(url: string): boolean {
  try {
    return EXTERNAL_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

export type NavigationDecision = { allow: true } | { allow: false; openExternally: string | null };

/** The window never navigates away from the app; a link it tried to follow may open outside. */
export function decideNavigation(target: string, current: string): NavigationDecision {
  if (target === current) return { allow: true };
  return { allow: false, openExternally: isExternalUrlAllowed(target) ? target : null };
}

export function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'file:' ? 'file://' : parsed.origin;
  } catch {
    return '';
  }
}

/**
 * Every permission is denied except notifications, and those only for the app's own page or the
 * server of an account.
 */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  trusted: { appOrigins: readonly string[]; accountServerUrls: readonly string[] },
): boolean {
  if (permission !== 'notifications') return false;
  const origin = originOf(requestingUrl);
  if (!origin || origin === 'null') return false;
  return (
    trusted.appOrigins.includes(origin) || trusted.accountServerUrls.some((url) => originOf(url) === origin)
  );
}

/** The window reaches main through the preload, so unlike the web host's page it opens no socket. */
export const ELECTRON_CSP = contentSecurityPolicy();

/** A response's headers with the app's policy added to documents (main and sub frames). */
export function withContentSecurityPolicy(
  resourceType: string,
  headers: Record<string, string[]> = {},
): Record<string, string[]> {
  if (resourceType !== 'mainFrame' && resourceType !== 'subFrame') return headers;
  return { ...headers, 'Content-Security-Policy': [ELECTRON_CSP] };
}
