import type { ParamSchema, ParamValues } from './params';
import type { RouteContext } from './context';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One endpoint: method, path under /api/v1 (fastify syntax, `:name` for path parameters, which must
 * also be declared in `params`), typed parameters, and a handler returning the success fields.
 */
export interface RouteDef<S extends ParamSchema = ParamSchema> {
  method: Method;
  path: string;
  /** Default true: HTTP Basic authentication (spec part 5). */
  auth?: boolean;
  params: S;
  /**
   * Whether a successful call may change the organization's state. Default: every method but GET.
   * With a data file (`--data`), such a change is saved before the answer is sent.
   */
  changesState?: boolean;
  handler: (
    ctx: RouteContext,
    params: ParamValues<S>,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** Declare a route; keeps the handler's parameter types tied to the schema. */
export function route<S extends ParamSchema>(def: RouteDef<S>): RouteDef {
  return def as unknown as RouteDef;
}
