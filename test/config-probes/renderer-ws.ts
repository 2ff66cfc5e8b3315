// probe-as: renderer/src/config-probe-ws.ts
// Not type-checked: @types/ws would bring Node's types into the whole renderer program, which is why
// lint must refuse it.
// lint: zones/zone-imports
import { WebSocketServer } from 'ws';

export const server = () => new WebSocketServer({ port: 0 });
