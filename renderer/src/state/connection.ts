import { create } from 'zustand';
import type { ConnectionStatus } from '../../../shared/ipc';
import { SECRET_REFUSED } from '../bridge/websocket-transport';

/** The event loop's status as the main process reports it, and when its countdown ends. */
interface ConnectionState {
  status: ConnectionStatus;
  /** This page's clock time of the next attempt, or null when none is scheduled. */
  retryAt: number | null;
  /** This page's clock time the status arrived: a countdown never reads an older "now". */
  receivedAt: number;
  setStatus(status: ConnectionStatus, now?: number): void;
}

/** A status's "retry in" counts from when it arrived: main's clock is never compared with ours. */
function retryAtOf(status: ConnectionStatus, now: number): number | null {
  if (status.state === 'reconnecting') return now + status.retryInMs;
  if (status.state === 'unresponsive' && status.retryInMs !== null) return now + status.retryInMs;
  return null;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  status: { state: 'connecting' },
  retryAt: null,
  receivedAt: 0,
  setStatus: (status, now = Date.now()) => set({ status, retryAt: retryAtOf(status, now), receivedAt: now }),
}));

/** How many failures in a row before the banner appears: one blip is not worth a warning. */
export const BANNER_AFTER_FAILURES = 3;

/** Whether a stopped connection is the account's to fix (the banner then offers Accounts). */
export function accountCanFix(status: ConnectionStatus): boolean {
  return status.state === 'fatal' && status.code !== SECRET_REFUSED;
}

/** Whether the banner offers "Retry now": while the app itself waits to try again. */
export function canRetryNow(status: ConnectionStatus): boolean {
  return (
    status.state === 'unresponsive' ||
    (status.state === 'reconnecting' && status.failures >= BANNER_AFTER_FAILURES)
  );
}

function countdown(remainingMs: number | null): string {
  if (remainingMs === null) return '';
  const seconds = Math.ceil(remainingMs / 1000);
  return seconds > 0 ? ` Retrying in ${seconds} s…` : ' Retrying now…';
}

/** The banner's text; `remainingMs` is what is left until the next attempt (null: none planned). */
export function bannerText(status: ConnectionStatus, remainingMs: number | null = null): string | null {
  switch (status.state) {
    case 'reconnecting':
      if (status.failures < BANNER_AFTER_FAILURES) return null;
      // Answered, but told to wait: not a lost connection.
      if (status.rateLimited)
        return `The server asked this app to slow down.${countdown(remainingMs ?? status.retryInMs)}`;
      return `Connection lost (${status.reason.replace(/\.$/, '')}).${countdown(remainingMs ?? status.retryInMs)}`;
    case 'unresponsive':
      return `The server is not responding.${
        status.retryInMs === null
          ? ' Still waiting for an answer…'
          : countdown(remainingMs ?? status.retryInMs)
      }`;
    case 'offline':
      return `Offline: ${status.reason}`;
    case 'fatal':
      // Signing in again cannot help a deactivated account or organization.
      if (status.code === 'USER_DEACTIVATED')
        return 'This account has been deactivated. An administrator of the organization can reactivate it.';
      if (status.code === 'REALM_DEACTIVATED') return 'This organization has been deactivated.';
      if (status.code === SECRET_REFUSED) return status.reason;
      return `Disconnected: ${status.reason}. Sign in again.`;
    default:
      return null;
  }
}
