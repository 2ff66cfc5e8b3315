import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { readAppInfo } from './scripts/app-info';
import { cspMeta } from './scripts/csp-meta';
import { earlySocketScript } from './scripts/early-socket-script';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Two programs on one core: the Electron main process and the web host (`npm run web`), both run
      // as built JavaScript. The core they share lands in a chunk next to them.
      rollupOptions: {
        input: { main: resolve('electron/main.ts'), 'web-host': resolve('electron/web-host-cli.ts') },
      },
      // Bundled rather than loaded from node_modules at launch: resolving and loading their many small
      // modules took longer than the rest of the host's start-up. Other dependencies stay external.
      externalizeDeps: { exclude: ['zod', 'ws'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { preload: resolve('electron/preload.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: 'renderer',
    // The policy's <meta> tag comes from shared/csp.ts, the builder both shells' headers use.
    // The bridge socket is opened by a small script of its own before the bundle runs.
    plugins: [react(), cspMeta(), earlySocketScript()],
    // The About screen's app name, version and bundled licences, read from package.json files now.
    define: { __APP_INFO__: JSON.stringify(readAppInfo()) },
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: {
        input: { index: resolve('renderer/index.html') },
        // Everything the first screen needs in one script: the page asked for eleven (one per shared
        // chunk), through the web host's loop while it loaded its core; the lazily loaded screens
        // stay chunks of their own.
        output: { codeSplitting: { groups: [{ name: 'launch', tags: ['$initial'] }] } },
      },
    },
  },
});
