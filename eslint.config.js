import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import zonePlugin from './lint/zone-imports.js';

// Folder boundaries from DESIGN.md, enforced here rather than by convention. Each zone names the folders
// its imports may reach, the packages it may not use and the globals its runtime has; the TypeScript
// projects (tsconfig.*.json) give each zone the matching types. test/config-probes/ holds one file per
// kind of violation, and test/unit/config/boundaries.test.ts checks that each is still caught.

const TS = '**/*.{ts,tsx}';

/** Specifiers naming any of these packages (or their subpaths): `@scope/*` stands for a whole scope. */
const packagesRegex = (names) =>
  `^(?:${names.map((name) => name.replace(/[.]/g, '\\.').replace('*', '[^/]+')).join('|')})(?:/|$)`;

const nodeBuiltins = ['node:*', ...builtinModules.filter((name) => !name.startsWith('_'))];
// Packages that need Node (or Electron) to run, and tools that never belong in app code.
const nodeOnlyPackages = [
  'electron',
  'ws',
  'fastify',
  '@fastify/*',
  'jsdom',
  'tsx',
  'vite',
  'vitest',
  'electron-vite',
  'electron-builder',
  '@playwright/*',
  'playwright',
  'playwright-core',
];
const domOnlyPackages = [
  'react',
  'react-dom',
  'dompurify',
  '@floating-ui/*',
  '@tanstack/react-query',
  '@tanstack/react-virtual',
];

// The globals of each runtime. shared/ gets what Node 20 and browsers both have, minus browser storage
// and `navigator`, which Node only half-imitates.
const nodeGlobals = { ...globals.node };
const browserGlobals = { ...globals.browser };
const isomorphicGlobals = Object.fromEntries(
  Object.entries(globals['shared-node-browser']).filter(
    ([name]) =>
      !['localStorage', 'sessionStorage', 'Storage', 'navigator', 'Navigator', 'WebSocket'].includes(name),
  ),
);

/** `no-restricted-globals` entries for every Node or browser global that `allowed` lacks. */
function restrictedGlobals(allowed, why) {
  const known = new Set([...Object.keys(nodeGlobals), ...Object.keys(browserGlobals)]);
  return [...known]
    .filter((name) => !(name in allowed) && !(name in globals.builtin))
    .map((name) => ({
      name,
      message: `${name} is a ${name in nodeGlobals ? 'Node' : 'browser'} global: ${why}`,
    }));
}

/** One zone: its files, runtime globals, and where its imports may go. */
function zone({ files, ignores = [], runtime, globalsWhy, imports, rules = {} }) {
  return {
    files,
    ignores,
    languageOptions: { globals: runtime },
    plugins: { zones: zonePlugin },
    rules: {
      'no-restricted-globals': ['error', ...restrictedGlobals(runtime, globalsWhy)],
      'zones/zone-imports': ['error', imports],
      // `/// <reference types="node" />` or `lib="dom"` would hand a zone another runtime's types.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'never', types: 'never', lib: 'never' }],
      ...rules,
    },
  };
}

const inNode = 'this folder runs in Node (no DOM).';
const electronReach = {
  folders: ['electron', 'shared'],
  folderMessage:
    'electron/ imports shared/ only: it reaches the renderer through the bridge and servers over HTTP.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'test-results/',
      'playwright-report/',
      '.dev-*/',
      'test/config-probes/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: nodeGlobals },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  zone({
    files: [`shared/${TS}`],
    runtime: isomorphicGlobals,
    globalsWhy: 'shared/ runs in both the renderer and Node, so it uses neither.',
    imports: {
      folders: ['shared'],
      folderMessage: 'shared/ imports nothing outside itself.',
      packages: [
        {
          regex: packagesRegex([...nodeBuiltins, ...nodeOnlyPackages, ...domOnlyPackages]),
          message: 'shared/ is isomorphic: no Node, DOM or Electron imports.',
        },
      ],
    },
  }),
  {
    ...zone({
      files: [`renderer/${TS}`],
      runtime: browserGlobals,
      globalsWhy: 'the renderer is sandboxed (no Node).',
      imports: {
        folders: ['renderer', 'shared'],
        folderMessage: 'renderer/ imports shared/ only.',
        packages: [
          {
            regex: packagesRegex([...nodeBuiltins, ...nodeOnlyPackages]),
            message: 'The renderer is sandboxed: no Node, Electron or Node-only packages.',
          },
        ],
      },
      rules: reactHooks.configs.recommended.rules,
    }),
    plugins: { zones: zonePlugin, 'react-hooks': reactHooks },
  },
  zone({
    files: [`server/${TS}`],
    runtime: nodeGlobals,
    globalsWhy: inNode,
    imports: {
      folders: ['server', 'shared'],
      folderMessage: 'server/ does not import the client.',
      except: ['shared/api', 'shared/ipc', 'shared/ipc-wire'],
      exceptMessage: 'server/ is an independent implementation: resource types at most.',
      packages: [{ regex: packagesRegex(['electron']), message: 'server/ runs in plain Node.' }],
    },
  }),
  // The Electron shell: only main.ts and preload.ts run inside Electron.
  zone({
    files: ['electron/main.ts', 'electron/preload.ts'],
    runtime: nodeGlobals,
    globalsWhy: inNode,
    imports: electronReach,
  }),
  zone({
    files: [`electron/${TS}`],
    ignores: ['electron/main.ts', 'electron/preload.ts'],
    runtime: nodeGlobals,
    globalsWhy: inNode,
    imports: {
      ...electronReach,
      packages: [
        {
          regex: packagesRegex(['electron']),
          message:
            'Only main.ts and preload.ts use Electron: electron/core/ and the web host run in plain Node.',
        },
      ],
    },
  }),
  ...['bench', 'scripts'].map((folder) =>
    zone({ files: [`${folder}/${TS}`], runtime: nodeGlobals, globalsWhy: inNode, imports: {} }),
  ),
  zone({ files: ['*.config.ts'], runtime: nodeGlobals, globalsWhy: inNode, imports: {} }),
  // Tests run in both worlds (jsdom suites, callbacks passed to page.evaluate) and may import any folder.
  { files: [`test/${TS}`], languageOptions: { globals: { ...nodeGlobals, ...browserGlobals } } },
);
