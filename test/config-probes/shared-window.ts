// probe-as: shared/config-probe-window.ts
// typecheck: TS2304
// lint: no-restricted-globals
export const here = () => window.location.href;
