import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAppInfo } from '../../../../scripts/app-info';
import { appInfo } from '../../../../renderer/src/app/app-info';

const project = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  productName: string;
  version: string;
  dependencies: Record<string, string>;
};

describe('app info for About', () => {
  it("reads the app's name and version from package.json, and the licence of every shipped package", () => {
    const info = readAppInfo();
    expect(info.name).toBe(project.productName);
    expect(info.version).toBe(project.version);
    const names = info.licenses.map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining([...Object.keys(project.dependencies), 'electron']));
    for (const l of info.licenses) {
      expect(l.version).toMatch(/^\d+\.\d+/);
      expect(l.license).not.toBe('not stated');
    }
    expect(info.licenses.find((l) => l.name === 'react')?.license).toBe('MIT');
    expect(info.licenses.find((l) => l.name === 'dompurify')?.license).toBe('(MPL-2.0 OR Apache-2.0)');
  });

  it('is built into the renderer', () => {
    expect(appInfo).toEqual(readAppInfo());
  });
});
