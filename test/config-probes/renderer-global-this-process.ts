// probe-as: renderer/src/config-probe-global-this.ts
// typecheck: TS7017
export const argv = globalThis.process.argv;
