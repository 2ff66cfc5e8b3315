import { ApiError, badRequest, missingArgument } from './errors';

/**
 * Typed parameter declarations (spec part 1): strings arrive as-is; numbers, booleans, lists and
 * objects arrive as JSON text. Each route declares its parameters with these, so parsing, the
 * missing-argument error and the `ignored_parameters_unsupported` list are generic.
 */
export class Param<T, R extends boolean = false> {
  constructor(
    readonly parse: (raw: string, name: string) => T,
    readonly isRequired: R,
    readonly defaultValue: T | undefined = undefined,
    readonly aliases: readonly string[] = [],
  ) {}

  required(): Param<T, true> {
    return new Param(this.parse, true, undefined, this.aliases);
  }

  /** Optional on the wire, but the handler always sees a value. */
  default(value: T): Param<T, true> {
    // "Required" here means the handler always gets a value; a missing one takes the default.
    return new Param(this.parse, true, value, this.aliases);
  }

  alias(...names: string[]): Param<T, R> {
    return new Param(this.parse, this.isRequired, this.defaultValue, [...this.aliases, ...names]);
  }

  /** Post-validate the parsed value. */
  check(validate: (value: T, name: string) => T): Param<T, R> {
    const parse = this.parse;
    return new Param(
      (raw, name) => validate(parse(raw, name), name),
      this.isRequired,
      this.defaultValue,
      this.aliases,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ParamSchema = Record<string, Param<any, boolean>>;
export type ParamValues<S extends ParamSchema> = {
  [K in keyof S]: S[K] extends Param<infer T, infer R> ? (R extends true ? T : T | undefined) : never;
};

function parseJson(raw: string, name: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`Argument "${name}" is not valid JSON.`);
  }
}

function asInt(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`${name} is not an integer`);
  return value;
}

export const p = {
  string: () => new Param<string>((raw) => raw, false),
  int: () => new Param<number>((raw, name) => asInt(parseJson(raw, name), name), false),
  bool: () =>
    new Param<boolean>((raw, name) => {
      const v = parseJson(raw, name);
      if (typeof v !== 'boolean') throw badRequest(`${name} is not a boolean`);
      return v;
    }, false),
  /** One of the listed strings. */
  oneOf: <const V extends string>(values: readonly V[]) =>
    new Param<V>((raw, name) => {
      if (!(values as readonly string[]).includes(raw)) throw badRequest(`Invalid ${name}`);
      return raw as V;
    }, false),
  intList: () =>
    new Param<number[]>((raw, name) => {
      const v = parseJson(raw, name);
      if (!Array.isArray(v)) throw badRequest(`${name} is not a list`);
      return v.map((item, i) => asInt(item, `${name}[${i}]`));
    }, false),
  /** Any JSON value, checked by `validate` (which throws ApiError on bad input). */
  json: <T>(validate: (value: unknown, name: string) => T) =>
    new Param<T>((raw, name) => validate(parseJson(raw, name), name), false),
  /** A JSON integer, or a bare string (e.g. `message_retention_days`, `anchor`). */
  intOrString: () =>
    new Param<number | string>((raw) => {
      if (/^-?\d+$/.test(raw.trim())) return Number(raw.trim());
      try {
        const v: unknown = JSON.parse(raw);
        if (typeof v === 'number' || typeof v === 'string') return v;
      } catch {
        /* a bare string */
      }
      return raw;
    }, false),
};

export interface ParsedParams<S extends ParamSchema> {
  values: ParamValues<S>;
  ignored: string[];
}

/** Parse `raw` (already merged from path, query and body) against the route's schema. */
export function parseParams<S extends ParamSchema>(
  schema: S,
  raw: Record<string, string>,
  pathParams: Record<string, string>,
): ParsedParams<S> {
  const values: Record<string, unknown> = {};
  const used = new Set<string>();
  for (const [name, param] of Object.entries(schema)) {
    let key: string | undefined;
    let text: string | undefined;
    if (name in pathParams) {
      key = name;
      text = pathParams[name];
    } else {
      const given = [name, ...param.aliases].filter((candidate) => raw[candidate] !== undefined);
      // As the real service: a parameter and its alias together (`topic` and `subject`) is refused.
      if (given.length > 1) throw confusingParams(given[0]!, given[1]!);
      for (const candidate of [name, ...param.aliases]) {
        if (raw[candidate] !== undefined) {
          key = candidate;
          text = raw[candidate];
          break;
        }
      }
    }
    if (key !== undefined) used.add(key);
    for (const a of param.aliases) if (raw[a] !== undefined) used.add(a);
    if (text === undefined) {
      if (param.isRequired && param.defaultValue === undefined) throw missingArgument(name);
      values[name] = param.defaultValue;
      continue;
    }
    values[name] = param.parse(text, name);
  }
  const ignored = Object.keys(raw)
    .filter((k) => !used.has(k) && !(k in pathParams))
    .sort();
  return { values: values as ParamValues<S>, ignored };
}

function confusingParams(first: string, second: string): ApiError {
  return new ApiError(
    `Can't decide between '${first}' and '${second}' arguments`,
    'REQUEST_CONFUSING_VAR',
    400,
    {
      var_name1: first,
      var_name2: second,
    },
  );
}
