// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bridgeSocketUrl,
  takeEarlySocket,
  type EarlySocketWindow,
} from '../../../../renderer/src/bridge/early-socket-handle';
import { buildEarlySocketScript } from '../../../../scripts/early-socket-script';

// The page's first script (renderer/src/bridge/early-socket.ts) opens the bridge socket before the
// bundle runs; the bundle's transport takes it over with whatever it received meanwhile.

class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  close() {
    this.closed = true;
  }
}

const page = window as unknown as EarlySocketWindow & { chatBridge?: unknown; WebSocket: unknown };
const realWebSocket = page.WebSocket;
let script: string;

beforeEach(async () => {
  script ??= await buildEarlySocketScript();
  FakeSocket.made = [];
  page.WebSocket = FakeSocket;
  delete page.teamchatEarlySocket;
  delete page.chatBridge;
});

afterEach(() => {
  page.WebSocket = realWebSocket;
  window.history.replaceState(null, '', '/');
});

const runScript = () => new Function(script)();

describe('the early bridge socket', () => {
  it('opens the socket the bundle would, and keeps its frames until it is taken over', () => {
    window.history.replaceState(null, '', '/?token=s%2Fe+cret');
    runScript();
    expect(FakeSocket.made).toHaveLength(1);
    const url = bridgeSocketUrl(location, 's/e cret');
    expect(FakeSocket.made[0]!.url).toBe(url);

    FakeSocket.made[0]!.receive('{"type":"push","n":1}');
    FakeSocket.made[0]!.receive('{"type":"push","n":2}');
    const taken = takeEarlySocket(url);
    expect(taken?.socket).toBe(FakeSocket.made[0]);
    expect(taken?.received).toEqual(['{"type":"push","n":1}', '{"type":"push","n":2}']);
    // Taken once: off the window, and what comes later is the transport's alone.
    expect(page.teamchatEarlySocket).toBeUndefined();
    expect(takeEarlySocket(url)).toBeNull();
  });

  it('stops keeping frames once taken', () => {
    window.history.replaceState(null, '', '/?token=t');
    runScript();
    const early = page.teamchatEarlySocket!;
    expect(early.take()).toEqual([]);
    FakeSocket.made[0]!.receive('late');
    expect(early.take()).toEqual([]);
  });

  it('closes a socket opened for another URL instead of handing it over', () => {
    window.history.replaceState(null, '', '/?token=old');
    runScript();
    expect(takeEarlySocket(bridgeSocketUrl(location, 'new'))).toBeNull();
    expect(FakeSocket.made[0]!.closed).toBe(true);
  });

  it('does nothing in the Electron app or without the secret in the URL', () => {
    window.history.replaceState(null, '', '/?token=t');
    page.chatBridge = {};
    runScript();
    delete page.chatBridge;
    window.history.replaceState(null, '', '/');
    runScript();
    expect(FakeSocket.made).toHaveLength(0);
    expect(page.teamchatEarlySocket).toBeUndefined();
  });

  it('is built as a classic script: no module syntax, no globals of its own', async () => {
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(script.trim()).toMatch(/^\(\(\) => \{[\s\S]*\}\)\(\);$/);
    await expect(buildEarlySocketScript("import { x } from './y';\nx();\n")).rejects.toThrow(
      /nothing but types/,
    );
  });
});
