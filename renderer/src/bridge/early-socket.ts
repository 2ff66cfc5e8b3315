import type { EarlySocket, EarlySocketWindow } from './early-socket-handle';

/**
 * Run by the page before its bundle (a classic script of its own, built apart: no imports but types,
 * see scripts/early-socket-script.ts): opens the web host's bridge socket and keeps what it receives
 * until the bundle's transport takes it over (early-socket-handle.ts says why). In the Electron app,
 * where the preload has put the bridge on the window, and on a page without the secret in its URL
 * (the transport then finds it in session storage), it does nothing.
 */
function openEarlySocket(): void {
  const page = window as Window & EarlySocketWindow & { chatBridge?: unknown };
  if (page.chatBridge || !/^https?:$/.test(location.protocol)) return;
  const token = new URLSearchParams(location.search).get('token');
  if (!token) return;
  // The same URL as bridgeSocketUrl (a unit test holds them together): a value import would make
  // this script load the bundle's code.
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge?token=${encodeURIComponent(token)}`;
  const socket = new WebSocket(url);
  let received: string[] | null = [];
  const keep = (message: MessageEvent) => received?.push(String(message.data));
  socket.addEventListener('message', keep);
  const early: EarlySocket = {
    url,
    socket,
    take() {
      socket.removeEventListener('message', keep);
      const kept = received ?? [];
      received = null;
      return kept;
    },
  };
  page.teamchatEarlySocket = early;
}

openEarlySocket();
