import { expect, it, vi } from 'vitest';
import { lazyBuildCount } from '../../../shared/api/lazy';
import { zodBuilderCalls } from '../zod-builder-calls';

// The web host loads its core while the page waits: loading it should build (almost) no schema.
vi.mock('zod', async (original) => (await import('../zod-builder-calls')).countingZod(await original()));

it('loading the core (as the web host does) builds no schema but the shared success envelope', async () => {
  const { startHostBridge } = await import('../../../electron/web-host-bridge');
  expect(typeof startHostBridge).toBe('function');
  // successEnvelope and emptySuccess (which bindings and tests share by identity): five builder calls.
  expect(zodBuilderCalls()).toEqual(['literal', 'string', 'string', 'array', 'looseObject']);
  expect(lazyBuildCount()).toBe(0);
});
