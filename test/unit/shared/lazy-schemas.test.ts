import { describe, expect, it, vi } from 'vitest';
import { lazy, lazyBuildCount, lazyRecord } from '../../../shared/api/lazy';
import { zodBuilderCalls } from '../zod-builder-calls';

// Every zod builder the API layer calls (`z.object`, `z.string`, ...) is counted, so the test sees
// schemas built while its modules load, not only those built through `lazy`.
vi.mock('zod', async (original) => (await import('../zod-builder-calls')).countingZod(await original()));

describe('schemas built on first use', () => {
  it('loading the API layer builds no binding schema; the first use builds it, once', async () => {
    const { endpoints } = await import('../../../shared/api');
    const { decodeEvent, eventSchemas } = await import('../../../shared/api/events');
    const { toWire } = await import('../../../shared/api/endpoint');
    expect(Object.keys(endpoints).length).toBeGreaterThan(50);
    expect(Object.keys(eventSchemas).length).toBeGreaterThan(20);
    // Only the success envelope and the shared empty success body are built eagerly.
    expect(zodBuilderCalls().length).toBeLessThanOrEqual(5);
    expect(lazyBuildCount()).toBe(0);

    // Encoding a call needs no schema.
    toWire(endpoints.getMessages, { anchor: 'newest', num_before: 1, num_after: 0 }, { featureLevel: 400 });
    expect(lazyBuildCount()).toBe(0);

    const params = endpoints.getMessages.params;
    expect(params.safeParse({ anchor: 'newest', num_before: 1, num_after: 0 }).success).toBe(true);
    expect(params.safeParse({ anchor: 'newest', num_before: -1, num_after: 0 }).success).toBe(false);
    const afterFirstUse = lazyBuildCount();
    expect(afterFirstUse).toBeGreaterThan(0);
    expect(endpoints.getMessages.params).toBe(params);
    expect(lazyBuildCount()).toBe(afterFirstUse);

    // An event of one type builds that type's decoder, not the others'.
    const heartbeat = decodeEvent({ id: 1, type: 'heartbeat' });
    expect(heartbeat.kind).toBe('known');
    const builtForHeartbeat = zodBuilderCalls().length;
    void eventSchemas.message;
    expect(zodBuilderCalls().length).toBeGreaterThan(builtForHeartbeat);
  });

  it('lazy runs its builder once, and lazyRecord builds each entry on first read', () => {
    const build = vi.fn(() => ({ built: true }));
    const value = lazy(build);
    expect(build).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(build).toHaveBeenCalledTimes(1);

    const first = vi.fn(() => 1);
    const second = vi.fn(() => 2);
    const record = lazyRecord({ first, second });
    expect(record.first).toBe(1);
    expect(record.first).toBe(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(Object.keys(record)).toEqual(['first', 'second']);
  });
});
