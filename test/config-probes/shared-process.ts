// probe-as: shared/config-probe-process.ts
// typecheck: TS2591
// lint: no-restricted-globals
export const debug = () => process.env.DEBUG === '1';
