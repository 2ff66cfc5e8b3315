// probe-as: electron/config-probe-web-host.ts
// Only main.ts and preload.ts may use Electron: the web host runs in plain Node.
// lint: zones/zone-imports
import { app } from 'electron';

export const version = () => app.getVersion();
