/** The two Electron IPC channels the bridge uses (requests; pushes). */
export const BRIDGE_INVOKE_CHANNEL = 'chat-bridge:invoke';
export const BRIDGE_PUSH_CHANNEL = 'chat-bridge:push';
