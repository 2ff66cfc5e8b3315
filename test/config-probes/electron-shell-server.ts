// probe-as: electron/config-probe-server.ts
// lint: zones/zone-imports
export const startEmbedded = async () => (await import('../server/index')).startServer;
