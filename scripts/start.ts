// `npm start`: the app on the embedded demo server. Launches Electron where its binary exists,
// otherwise the web host, and prints the URL to open. Filled in as the server and web host land.
import { existsSync } from 'node:fs';

const missing = [
  ['server/index.ts', 'the reference server (server/)'],
  ['electron/web-host.ts', 'the web host (electron/web-host.ts)'],
].filter(([file]) => !existsSync(file));

if (missing.length > 0) {
  console.error(`npm start cannot run yet: missing ${missing.map(([, what]) => what).join(' and ')}.`);
  process.exit(1);
}
