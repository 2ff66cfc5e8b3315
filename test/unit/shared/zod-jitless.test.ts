import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// zod reads `jitless` when its core module loads and each schema is built: the module that sets
// it must run before anything imports zod, on both sides.
describe('zod-jitless', () => {
  it("leaves zod jitless when the web host's core loads (its schemas included)", async () => {
    await import('../../../electron/web-host-bridge');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // And no schema compiled a parser: decoding the register state calls no Function constructor.
    const { register } = await import('../../../shared/api/register');
    const compiled: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      register.response.safeParse({ result: 'success', msg: '', queue_id: 'q', last_event_id: -1 });
      register.response.safeParse({ result: 'success', msg: '', queue_id: 'q', last_event_id: -1 });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toEqual([]);
  });

  it.each(['renderer/src/main.tsx', 'electron/main.ts', 'electron/web-host-bridge.ts'])(
    '%s imports it before any other module',
    (entry) => {
      const source = readFileSync(new URL(`../../../${entry}`, import.meta.url), 'utf8');
      const firstImport = /^import .*$/m.exec(source)?.[0];
      expect(firstImport).toMatch(/^import '(\.\.\/)+shared\/zod-jitless';$/);
    },
  );
});
