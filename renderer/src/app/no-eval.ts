// The renderer's CSP forbids eval: zod (used by shared/ decoders) must neither probe for it nor
// compile parsers with `new Function`, which would log a CSP violation. Set through the global that
// zod reads its configuration from when its core module loads, rather than with `z.config`, so the
// first bundle does not import zod: only lazily loaded screens use it, after this has run.
const zodConfigKey = '__zod_globalConfig';
const holder = globalThis as { [zodConfigKey]?: Record<string, unknown> };
holder[zodConfigKey] = { ...holder[zodConfigKey], jitless: true };

export {};
