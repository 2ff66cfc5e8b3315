// probe-as: electron/config-probe-renderer.ts
// lint: zones/zone-imports
import { isExternalUrl } from '../renderer/src/bridge/index';

export const allowed = isExternalUrl;
