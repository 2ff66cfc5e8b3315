import type { z } from 'zod';

/**
 * Schemas built on first use. Building zod schemas is most of the cost of loading the API layer
 * (the web host loads it while the page waits), and a launch needs only a few of them; so each
 * schema is a builder, run the first time something validates with it and kept from then on.
 */

let builds = 0;

/** A builder that runs `build` once, on its first call, and returns the same value after. */
export function lazy<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
      builds += 1;
    }
    return value;
  };
}

/**
 * An object whose properties are built on first read (enumerable getters), e.g. a table of
 * schemas keyed by name of which a given run reads only some.
 */
export function lazyRecord<B extends Record<string, () => unknown>>(
  builders: B,
): { readonly [K in keyof B]: ReturnType<B[K]> } {
  const record = {};
  for (const [key, build] of Object.entries(builders))
    Object.defineProperty(record, key, { get: lazy(build), enumerable: true });
  return record as { readonly [K in keyof B]: ReturnType<B[K]> };
}

/** The output type of a lazily built schema: `Infer<typeof messageSchema>`. */
export type Infer<B extends () => z.ZodType> = z.infer<ReturnType<B>>;

/** How many lazy values have been built so far in this process (for tests of what loading builds). */
export function lazyBuildCount(): number {
  return builds;
}
