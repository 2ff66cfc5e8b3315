import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web host's page keeps things in the browser's storage (drafts on this computer, the last
 * conversation's scroll position), and a browser keeps that per address: a new port each launch
 * would leave them behind. Without --port the host takes the port its data directory had last time.
 */
const PORT_FILE = 'web-host-port';

/** The port a data directory's host listened on last, or 0 (any free one) if none is known. */
export function rememberedPort(dataDir: string): number {
  try {
    const port = Number(readFileSync(join(dataDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port <= 65535 ? port : 0;
  } catch {
    return 0;
  }
}

export function rememberPort(dataDir: string, port: number): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, PORT_FILE), `${port}\n`, { mode: 0o600 });
  } catch {
    // Not kept: the next launch picks a free port, as before.
  }
}

/** Whether listening failed because another program has the port. */
export function portTaken(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'EADDRINUSE';
}
