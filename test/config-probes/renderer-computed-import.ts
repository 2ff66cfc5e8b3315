// probe-as: renderer/src/config-probe-computed-import.ts
// lint: zones/zone-imports
export const load = (name: string) => import(`../../${name}`);
