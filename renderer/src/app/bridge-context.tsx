import { createContext, useContext } from 'react';
import type { ChatBridge } from '../../../shared/ipc';

export const BridgeContext = createContext<ChatBridge | null>(null);

/** The IPC contract: the renderer's only way to the server. */
export function useBridge(): ChatBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge outside BridgeContext');
  return bridge;
}
