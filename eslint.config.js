import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Folder boundaries from DESIGN.md, enforced here rather than by convention.
const nodeBuiltins = ['node:*', 'fs', 'path', 'http', 'https', 'net', 'crypto', 'os', 'child_process', 'url'];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'playwright-report/', '.dev-*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', '**/renderer/**', '**/server/**', '**/test/**'],
              message: 'shared/ imports nothing outside itself.',
            },
            {
              group: ['electron', 'react', 'react-dom', ...nodeBuiltins],
              message: 'shared/ is isomorphic: no Node, DOM or Electron imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', '**/server/**', '**/test/**'],
              message: 'renderer/ imports shared/ only.',
            },
            {
              group: ['electron', ...nodeBuiltins],
              message: 'The renderer is sandboxed: no Node or Electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/renderer/**', '**/electron/**'], message: 'server/ does not import the client.' },
            {
              group: ['**/shared/api/**', '**/shared/ipc*'],
              message: 'server/ is an independent implementation: resource types at most.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron'],
              message: 'electron/core/ must run in plain Node: keep Electron in main.ts/preload.ts.',
            },
            {
              group: ['**/renderer/**', '**/server/**'],
              message: 'electron/core/ talks to servers over HTTP only.',
            },
          ],
        },
      ],
    },
  },
);
