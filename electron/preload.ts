// Preload: exposes the IPC contract with contextBridge; filled in with the main-process issue.
export {};
