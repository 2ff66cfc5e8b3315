// probe-as: electron/core/config-probe-core.ts
// lint: zones/zone-imports
import { safeStorage } from 'electron';

export const available = () => safeStorage.isEncryptionAvailable();
