import { describe, expect, it } from 'vitest';
// electron-builder's own loader and schema check (app-builder-lib ships with electron-builder): the
// test reads the configuration exactly as `npm run dist` would, so a misspelt key fails here rather
// than being ignored at packaging time on a machine that can download Electron.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';

async function builtConfiguration() {
  return getConfig(process.cwd(), 'electron-builder.yml', null);
}

describe('electron-builder.yml: Electron fuses', () => {
  it('turns off every way to run the binary as something else, and pins the app to its asar', async () => {
    const config = await builtConfiguration();
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('is a configuration electron-builder accepts (its schema refuses unknown fuse names)', async () => {
    const config = await builtConfiguration();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    const misspelt = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });
});
