// probe-as: shared/config-probe-document.ts
// typecheck: TS2584
// lint: no-restricted-globals
export const title = () => document.title;
