import { describe, expect, it } from 'vitest';

// The renderer turns zod's eval probe off without importing zod (so zod stays out of the first
// bundle): through the global zod reads its configuration from. Checked against zod itself.
describe('no-eval', () => {
  it('makes zod jitless when it loads afterwards', async () => {
    await import('../../../../renderer/src/app/no-eval');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
