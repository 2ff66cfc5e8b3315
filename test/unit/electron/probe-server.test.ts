import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatCore } from '../../../electron/core/app-core';
import { fileModeProtector } from '../../../electron/core/vault';

// Finding the server behind an organization URL, before any sign-in: a person waits for it.
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-probe-'));
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A server that accepts every request and never answers (until the request is aborted). */
function silentServer() {
  const asked: string[] = [];
  const fetch = ((url: string, init: RequestInit) => {
    asked.push(url);
    return new Promise((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

describe('ChatCore.probeServer', () => {
  it('gives up on a server that never answers after 15 s in all, however many addresses and attempts', async () => {
    const server = silentServer();
    const core = new ChatCore({
      dataDir,
      protector: fileModeProtector,
      userAgent: 'test',
      fetch: server.fetch,
    });
    let answer: unknown = null;
    // A page's address: its path, then the bare host, would each be asked.
    void core.probeServer('https://chat.example.com/login/').then((result) => (answer = result));

    await vi.advanceTimersByTimeAsync(14_900);
    expect(answer).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'network', reason: 'timeout' }),
    });
    expect(server.asked).toEqual(['https://chat.example.com/login/api/v1/server_settings']);
  });
});
