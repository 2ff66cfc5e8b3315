import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_RESULTS, RECORDED_RESULTS, resultsPath } from '../../../bench/lib/output';

const ROOT = '/repo';
const flags = { record: false, quick: false, set: [], profile: false };

describe('where npm run bench writes its results', () => {
  it('writes a git-ignored file unless asked to record', () => {
    expect(resultsPath(flags, ROOT)).toEqual({ path: join(ROOT, LOCAL_RESULTS) });
    expect(resultsPath({ ...flags, record: true }, ROOT)).toEqual({ path: join(ROOT, RECORDED_RESULTS) });
    expect(resultsPath({ ...flags, quick: true }, ROOT)).toEqual({
      path: join(tmpdir(), 'teamchat-bench-results.quick.json'),
    });
    expect(resultsPath({ ...flags, quick: true, out: 'x/y.json' }, ROOT)).toEqual({
      path: resolve('x/y.json'),
    });
  });

  it('records only a complete full run', () => {
    for (const partial of [
      { quick: true },
      { only: 'scroll' },
      { set: ['scrollMessages=20000'] },
      { profile: true },
      { out: 'mine.json' },
      { 'background-load': '8' },
    ]) {
      const outcome = resultsPath({ ...flags, ...partial, record: true }, ROOT);
      expect(outcome, JSON.stringify(partial)).toEqual({
        error: expect.stringMatching(/^--record writes .* drop --/),
      });
    }
  });

  it('keeps the recorded file tracked and the local one ignored', () => {
    const ignored = readFileSync(new URL('../../../.gitignore', import.meta.url), 'utf8').split('\n');
    expect(ignored).toContain(LOCAL_RESULTS);
    expect(ignored).not.toContain(RECORDED_RESULTS);
  });
});
