// probe-as: renderer/src/config-probe-type-import.ts
// lint: zones/zone-imports
export type Core = import('../../electron/core/app-core').ChatCore;
