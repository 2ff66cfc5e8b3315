// probe-as: renderer/src/config-probe-buffer.ts
// typecheck: TS2591
// lint: no-restricted-globals
export const bytes = Buffer.from('key');
