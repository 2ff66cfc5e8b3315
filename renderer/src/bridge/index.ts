import type { ChatBridge } from '../../../shared/ipc';
import { createBridgeClient } from '../../../shared/ipc-wire';
import { bridgeSocketUrl, takeEarlySocket } from './early-socket-handle';
import { connectWebSocketTransport } from './websocket-transport';

/**
 * The renderer's one way to the main process. In the Electron app the preload has put the bridge on
 * `window.chatBridge`; in the web host the page URL carries the per-launch secret and the bridge runs
 * over a WebSocket. Nothing else in the renderer knows which shell it is in.
 */

declare global {
  interface Window {
    chatBridge?: ChatBridge;
  }
}

const TOKEN_KEY = 'teamchat.bridgeToken';
let bridge: ChatBridge | null = null;

export function getBridge(): ChatBridge {
  if (bridge) return bridge;
  if (window.chatBridge) {
    bridge = window.chatBridge;
    return bridge;
  }
  const token = readToken();
  const url = bridgeSocketUrl(location, token);
  const client = createBridgeClient(
    connectWebSocketTransport(url, takeEarlySocket(url), () => hostRefusesSecret(token)),
  );
  bridge = {
    ...client,
    // In a browser the page opens links itself; the same rule as the app: http, https, mailto only.
    openExternal: async (href) => {
      if (!isExternalUrl(href)) throw new Error('Only http, https and mailto links open outside the app.');
      window.open(href, '_blank', 'noopener,noreferrer');
    },
    files: {
      ...client.files,
      // The browser saves into its own downloads: the host's file route, asked for as an attachment.
      download: async (accountId, path) => {
        const link = document.createElement('a');
        link.href = `${client.files.url(accountId, path)}?download=1`;
        link.download = '';
        link.rel = 'noopener';
        link.click();
        return { ok: true, value: { savedAs: null } };
      },
    },
  };
  return bridge;
}

/** True when the web host answers that `token` is not its secret; false when it is, or did not answer. */
async function hostRefusesSecret(token: string): Promise<boolean> {
  if (!token) return true;
  const response = await fetch(`/bridge/check?token=${encodeURIComponent(token)}`, { cache: 'no-store' });
  return response.status === 401;
}

export function isExternalUrl(href: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

/**
 * The secret from `?token=`, kept for the tab's life so an in-app navigation that drops the query
 * still works. Kept once the launch is drawn: a page's first use of its session storage waits on the
 * browser (~20 ms at launch), and the URL keeps the secret meanwhile.
 */
function readToken(): string {
  const fromUrl = new URLSearchParams(location.search).get('token');
  if (fromUrl) {
    const keep = () => sessionStorage.setItem(TOKEN_KEY, fromUrl);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(keep, { timeout: 2000 });
    else setTimeout(keep, 1000);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}
