import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * The page's first script, built apart from the bundle: renderer/src/bridge/early-socket.ts, which
 * opens the web host's bridge socket while the bundle is still on its way (early-socket-handle.ts
 * says why). A classic script in the head, after the bundle's tag: the browser runs it as soon as it
 * has it, without waiting for the bundle. It imports nothing but types, so stripping them and
 * wrapping it in a function (no globals) is its whole build.
 */
export const EARLY_SOCKET_SOURCE = resolve(__dirname, '../renderer/src/bridge/early-socket.ts');
export const EARLY_SOCKET_FILE = 'assets/early-socket.js';

export async function buildEarlySocketScript(
  source = readFileSync(EARLY_SOCKET_SOURCE, 'utf8'),
): Promise<string> {
  const { code: module } = await transformWithOxc(source, EARLY_SOCKET_SOURCE, { lang: 'ts' });
  // Type imports leave an empty `export {}` behind, which a classic script cannot carry.
  const code = module.replace(/^export \{\};?\s*$/m, '');
  if (/^\s*(import|export)\b/m.test(code)) throw new Error('early-socket.ts must import nothing but types');
  return `(() => {\n${code}})();\n`;
}

/** Vite plugin (build only: the dev server's page opens its socket from the bundle, as before). */
export function earlySocketScript(): Plugin {
  return {
    name: 'teamchat-early-socket',
    apply: 'build',
    async buildStart() {
      this.emitFile({ type: 'asset', fileName: EARLY_SOCKET_FILE, source: await buildEarlySocketScript() });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { src: `./${EARLY_SOCKET_FILE}` }, injectTo: 'head-prepend' }],
    },
  };
}
