/**
 * For tests of what loading a module builds: a stand-in for zod whose builders (`z.object`,
 * `z.string`, ...) record each call. Use it from a test file with
 * `vi.mock('zod', async (original) => (await import('../zod-builder-calls')).countingZod(await original()))`.
 */
type Zod = typeof import('zod');

const calls: string[] = [];

/** The names of the zod builders called so far in this test file, in order. */
export function zodBuilderCalls(): readonly string[] {
  return calls;
}

export function countingZod(actual: Zod): Zod {
  const counted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(actual.z))
    counted[name] =
      typeof value === 'function' && /^[a-z]/.test(name)
        ? (...args: unknown[]) => {
            calls.push(name);
            return (value as (...a: unknown[]) => unknown)(...args);
          }
        : value;
  return { ...actual, z: counted as Zod['z'] };
}
