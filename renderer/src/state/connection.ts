import { create } from 'zustand';
import type { ConnectionStatus } from '../../../shared/ipc';

/** The event loop's status as the main process reports it. */
interface ConnectionState {
  status: ConnectionStatus;
  setStatus(status: ConnectionStatus): void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  status: { state: 'connecting' },
  setStatus: (status) => set({ status }),
}));

/** How many failures in a row before the banner appears: one blip is not worth a warning. */
export const BANNER_AFTER_FAILURES = 3;

export function bannerText(status: ConnectionStatus): string | null {
  switch (status.state) {
    case 'reconnecting':
      return status.failures >= BANNER_AFTER_FAILURES
        ? `Connection lost (${status.reason.replace(/\.$/, '')}). Retrying in ${Math.ceil(status.retryInMs / 1000)} s…`
        : null;
    case 'offline':
      return `Offline: ${status.reason}`;
    case 'fatal':
      return `Disconnected: ${status.reason}. Sign in again.`;
    default:
      return null;
  }
}
