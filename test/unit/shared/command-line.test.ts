import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readCommandLine, valuesOrExit } from '../../../shared/command-line';

const USAGE = '\nUsage: tool [--port N]\n';
const parse = (args: string[]) => () =>
  parseArgs({
    args,
    options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  }).values;

describe('readCommandLine', () => {
  it('runs with the parsed values', () => {
    expect(readCommandLine(USAGE, parse(['--port', '5']))).toEqual({ kind: 'run', values: { port: '5' } });
  });

  it('answers --help and -h with the usage, exit 0', () => {
    for (const flag of ['--help', '-h'])
      expect(readCommandLine(USAGE, parse([flag]))).toEqual({
        kind: 'help',
        text: 'Usage: tool [--port N]',
        exitCode: 0,
      });
  });

  it('turns parse errors into one line pointing at --help, exit 2', () => {
    const cases: [string[], string][] = [
      [['--bogus'], "Unknown option '--bogus'"],
      [['--port'], "Option '--port <value>' argument missing"],
      [['stray'], "Unexpected argument 'stray'"],
    ];
    for (const [args, first] of cases) {
      const outcome = readCommandLine(USAGE, parse(args));
      expect(outcome).toEqual({
        kind: 'error',
        text: `${first}. Run with --help for the usage.`,
        exitCode: 2,
      });
    }
  });
});

describe('valuesOrExit', () => {
  it('prints help on stdout and errors on stderr, then exits with their code', () => {
    const printed: string[] = [];
    const io = {
      out: (text: string) => printed.push(`out:${text}`),
      err: (text: string) => printed.push(`err:${text}`),
      exit: (code: number): never => {
        throw new Error(`exit ${code}`);
      },
    };
    expect(() => valuesOrExit(readCommandLine(USAGE, parse(['-h'])), io)).toThrow('exit 0');
    expect(() => valuesOrExit(readCommandLine(USAGE, parse(['-x'])), io)).toThrow('exit 2');
    expect(printed).toEqual([
      'out:Usage: tool [--port N]',
      "err:Unknown option '-x'. Run with --help for the usage.",
    ]);
    expect(valuesOrExit(readCommandLine(USAGE, parse([])), io)).toEqual({});
  });
});
