import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** What the command line says about where results go. */
export interface OutputFlags {
  out?: string;
  record: boolean;
  quick: boolean;
  only?: string;
  set: string[];
  profile: boolean;
  'background-load'?: string;
}

/** The tracked file the README's results quote; written only on request (`--record`). */
export const RECORDED_RESULTS = 'bench/results.json';
/** Where an ordinary run writes: ignored by git, so trying things leaves the tree clean. */
export const LOCAL_RESULTS = 'bench/results.local.json';

/**
 * The results file of a run, or an error line. `--record` is for complete full runs only, since the
 * recorded file stands for the benchmark as a whole.
 */
export function resultsPath(flags: OutputFlags, root: string): { path: string } | { error: string } {
  if (flags.record) {
    const partial = [
      flags.out !== undefined && '--out',
      flags.quick && '--quick',
      flags.only !== undefined && '--only',
      flags.set.length > 0 && '--set',
      flags.profile && '--profile',
      flags['background-load'] !== undefined && '--background-load',
    ].filter(Boolean);
    if (partial.length > 0)
      return {
        error: `--record writes ${RECORDED_RESULTS} from a complete full run: drop ${partial.join(', ')}.`,
      };
    return { path: join(root, RECORDED_RESULTS) };
  }
  if (flags.out !== undefined) return { path: resolve(flags.out) };
  if (flags.quick) return { path: join(tmpdir(), 'teamchat-bench-results.quick.json') };
  return { path: join(root, LOCAL_RESULTS) };
}
