// probe-as: renderer/src/config-probe-process-env.ts
// typecheck: TS2591
// lint: no-restricted-globals
export const mode = process.env.NODE_ENV;
