import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../../server/index';

describe('server shutdown', () => {
  it('closes at once even while a client holds an idle connection open', async () => {
    const server = await startServer({ port: 0, seed: 'empty', quiet: true });
    const { hostname, port } = new URL(server.url);
    const idle = connect(Number(port), hostname);
    await new Promise((resolve) => idle.once('connect', resolve));
    const started = Date.now();
    await server.close();
    idle.destroy();
    // Without forced closing this waits for the socket's keep-alive to lapse (tens of seconds).
    expect(Date.now() - started).toBeLessThan(3000);
  }, 5000);
});
