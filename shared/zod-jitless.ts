// zod compiles a fast parser for each object schema (`new Function`) the first time it parses
// with it. Both sides turn that off, each importing this module before anything that imports zod:
// - the renderer's CSP forbids eval, so zod must neither compile nor probe for it (a probe logs a
//   CSP violation);
// - in main, most answers are decoded once or a few times (the register state, a page of
//   messages), and compiling cost more than it saved: 60–360 ms for the register state on the
//   launch's critical path, against 1–2 ms to decode it without.
// Set through the global zod reads its configuration from when its core module loads, rather than
// with `z.config` (which schemas already built ignore), so this module itself does not import zod.
const zodConfigKey = '__zod_globalConfig';
const holder = globalThis as { [zodConfigKey]?: Record<string, unknown> };
holder[zodConfigKey] = { ...holder[zodConfigKey], jitless: true };

export {};
