/**
 * What a command line of this project does with its arguments before doing its job: `--help`
 * answers with the usage, a bad flag with one line and exit code 2. The parsing itself is the
 * caller's (Node's `util.parseArgs`, passed in as `parse`), so this stays free of Node imports.
 */
export type CommandLine<V> =
  | { kind: 'run'; values: V }
  | { kind: 'help'; text: string; exitCode: 0 }
  | { kind: 'error'; text: string; exitCode: 2 };

export function readCommandLine<V extends { help?: boolean }>(usage: string, parse: () => V): CommandLine<V> {
  let values: V;
  try {
    values = parse();
  } catch (error) {
    return { kind: 'error', text: `${firstSentence(error)}. Run with --help for the usage.`, exitCode: 2 };
  }
  if (values.help) return { kind: 'help', text: usage.trim(), exitCode: 0 };
  return { kind: 'run', values };
}

/**
 * parseArgs explains an unknown option with a second sentence about positionals after `--`, which
 * only confuses someone who mistyped a flag; its first sentence names the problem.
 */
function firstSentence(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split(/\.\s/)[0] ?? message;
  return first.replace(/\.$/, '');
}

/** Prints what `readCommandLine` decided and exits, or hands back the values to run with. */
export function valuesOrExit<V>(
  outcome: CommandLine<V>,
  io: { out: (text: string) => void; err: (text: string) => void; exit: (code: number) => never },
): V {
  if (outcome.kind === 'run') return outcome.values;
  if (outcome.kind === 'help') io.out(outcome.text);
  else io.err(outcome.text);
  return io.exit(outcome.exitCode);
}
