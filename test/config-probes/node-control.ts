// probe-as: electron/config-probe-control.ts
// What the web host and the rest of the shell may do: Node, ws, shared/, electron/core/.
// typecheck: passes
// lint: passes
import { readFileSync } from 'node:fs';
import { WebSocketServer } from 'ws';
import { readCommandLine } from '../shared/command-line';
import { withoutCredentials } from './core/credential-guard';

export const parts = [
  readFileSync,
  WebSocketServer,
  readCommandLine,
  withoutCredentials,
  process.pid,
  Buffer.alloc(1),
];
