/**
 * The bridge socket the page opened before its bundle ran (early-socket.ts, a script of its own),
 * and how the bundle's transport takes it over. A socket opened from the bundle could only finish
 * its handshake once the whole bundle had been evaluated (its `open` event waits for the page's
 * main thread, ~100–150 ms at launch); opened earlier, it is open by the time the bundle sends the
 * launch's first calls, so their answers come back while the rest of the bundle is evaluated.
 */
export interface EarlySocket {
  /** The URL it was opened with: taken over only by a transport for the same URL. */
  readonly url: string;
  readonly socket: WebSocket;
  /** Stops keeping frames for the bundle and gives the ones received so far, oldest first. */
  take(): string[];
}

export interface EarlySocketWindow {
  teamchatEarlySocket?: EarlySocket;
}

/** The bridge socket's URL for a page at `location` holding `token`. */
export function bridgeSocketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge?token=${encodeURIComponent(token)}`;
}

/**
 * The early socket for `url`, taken off the window (once), with the frames it received meanwhile.
 * One opened for another URL is closed: nothing else would.
 */
export function takeEarlySocket(
  url: string,
  target: EarlySocketWindow = window as EarlySocketWindow,
): { socket: WebSocket; received: string[] } | null {
  const early = target.teamchatEarlySocket;
  if (!early) return null;
  delete target.teamchatEarlySocket;
  const received = early.take();
  if (early.url === url) return { socket: early.socket, received };
  early.socket.close();
  return null;
}
