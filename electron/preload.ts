// Preload (sandboxed, context-isolated): exposes exactly the bridge contract as `window.chatBridge`,
// carried over two IPC channels. No Electron or Node object crosses into the page.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ACCOUNT_FILE_SCHEME, createBridgeClient, type BridgePush } from '../shared/ipc-wire';
import { BRIDGE_INVOKE_CHANNEL, BRIDGE_PUSH_CHANNEL } from './core/channels';

const bridge = createBridgeClient(
  {
    invoke: (method, args) => ipcRenderer.invoke(BRIDGE_INVOKE_CHANNEL, method, args),
    subscribe(listener) {
      const handler = (_event: IpcRendererEvent, push: BridgePush) => listener(push);
      ipcRenderer.on(BRIDGE_PUSH_CHANNEL, handler);
      return () => {
        ipcRenderer.removeListener(BRIDGE_PUSH_CHANNEL, handler);
      };
    },
  },
  // main.ts answers this scheme with the account's files (account ids are UUIDs: valid host names).
  (accountId, path) => `${ACCOUNT_FILE_SCHEME}://${accountId}${path}`,
);

contextBridge.exposeInMainWorld('chatBridge', bridge);
