// probe-as: renderer/src/features/config-probe-dynamic-import.ts
// lint: zones/zone-imports
export const loadServer = () => import('../../../server/index');
