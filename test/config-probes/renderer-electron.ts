// probe-as: renderer/src/config-probe-electron.ts
// lint: zones/zone-imports
import { ipcRenderer } from 'electron';

export const send = () => ipcRenderer.send('anything');
