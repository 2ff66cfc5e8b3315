// probe-as: renderer/src/config-probe-node-builtin.ts
// typecheck: TS2307
// lint: zones/zone-imports
import { readFileSync } from 'node:fs';

export const read = () => readFileSync('/etc/passwd', 'utf8');
