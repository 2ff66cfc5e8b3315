import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatCore } from '../../../electron/core/app-core';
import { fileModeProtector } from '../../../electron/core/vault';
import { describeFailure } from '../../../shared/failures';

// Finding the server behind an organization URL, before any sign-in: a person waits for it.
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-probe-'));
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
    vi.useFakeTimers();
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

  it('an https address of a server that speaks only http: the server may not use https', async () => {
    const plain = createServer((_request, response) => response.end('hello'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const core = new ChatCore({
        dataDir,
        protector: fileModeProtector,
        userAgent: 'test',
        random: () => 0,
      });
      const result = await core.probeServer(`https://127.0.0.1:${(plain.address() as AddressInfo).port}`);
      if (result.ok) throw new Error('an http server answered https');
      expect(result.error).toMatchObject({ kind: 'network', tlsHandshakeFailed: true });
      expect(describeFailure(result.error)).toBe(
        'Could not make a secure (https) connection to the server: it may not use https.',
      );
    } finally {
      plain.close();
    }
  });
});
