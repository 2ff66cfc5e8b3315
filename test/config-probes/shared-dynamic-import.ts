// probe-as: shared/config-probe-dynamic-import.ts
// lint: zones/zone-imports
export const loadRenderer = () => import('../renderer/src/bridge/index');
