import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files of test/config-probes/: each says where it pretends to live and what each check must say
 * about it there, in its header:
 *   // probe-as: renderer/src/config-probe-x.ts   (repository-relative)
 *   // typecheck: TS2580 | passes                 (optional: left out when compiling it would spoil the zone)
 *   // lint: no-restricted-globals | passes       (optional)
 */
export interface Probe {
  name: string;
  text: string;
  as: string;
  typecheck?: string;
  lint?: string;
}

export const PROBE_DIR = 'test/config-probes';

export function readProbes(root: string): Probe[] {
  const dir = join(root, PROBE_DIR);
  return readdirSync(dir)
    .filter((name) => /\.tsx?$/.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const header = (key: string) => new RegExp(`^// ${key}: (\\S+)$`, 'm').exec(text)?.[1];
      const as = header('probe-as');
      if (!as) throw new Error(`${PROBE_DIR}/${name} lacks its "// probe-as:" line`);
      return { name, text, as, typecheck: header('typecheck'), lint: header('lint') };
    });
}
