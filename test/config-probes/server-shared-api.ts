// probe-as: server/config-probe-shared-api.ts
// lint: zones/zone-imports
import { endpoints } from '../shared/api/index';

export const count = Object.keys(endpoints).length;
