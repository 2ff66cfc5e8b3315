import { z } from 'zod';
import { lazy } from './lazy';

/**
 * One typed binding per endpoint. A binding is data (method, path template, parameter schema,
 * response decoder) plus an optional feature-level adapter; the generic `toWire` below turns a
 * call into exactly what goes on the wire, following spec part 1.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a binding needs to know about the server it talks to. */
export interface WireContext {
  /** `service_feature_level` from GET /server_settings or POST /register; 0 when absent (spec part 9). */
  featureLevel: number;
}

/** A request ready for an HTTP client: the path is relative to `{base_url}/api/v1`. */
export interface WireRequest {
  method: HttpMethod;
  path: string;
  /** Encoded parameters: sent as the query string for GET and DELETE, as a form body otherwise. */
  fields: Record<string, string>;
  /** False only for GET /server_settings (spec part 5). */
  authenticated: boolean;
}

export interface Endpoint<
  Name extends string = string,
  Params extends Record<string, unknown> = Record<string, unknown>,
  Response = unknown,
> {
  readonly name: Name;
  readonly method: HttpMethod;
  /** Path template relative to /api/v1 with `{param}` placeholders, e.g. `/messages/{message_id}`. */
  readonly path: string;
  readonly authenticated: boolean;
  /**
   * A notice whose moment passes (typing): never sent again after a failure, even a 429 (which
   * would spend the account's request budget on it, ahead of its messages).
   */
  readonly disposable?: true;
  /**
   * Validates a caller's parameters (the main process runs it on every renderer call). Built on
   * first read, like `response`.
   */
  readonly params: z.ZodType<Params>;
  /** Decodes the success body; tolerates unknown fields. */
  readonly response: z.ZodType<Response>;
  /**
   * Rewrites parameters into the form an older server expects (spec part 9), or drops ones it
   * would not understand. Runs after validation and before encoding.
   */
  readonly adapt?: (params: Params, ctx: WireContext) => Record<string, unknown>;
  /**
   * Sends the call to another method or path on servers that predate this one (spec part 9),
   * e.g. a deprecated endpoint that did the same job. Undefined keeps `method` and `path`.
   */
  readonly route?: (params: Params, ctx: WireContext) => WireRoute | undefined;
}

export interface WireRoute {
  method: HttpMethod;
  path: string;
}

/**
 * Thrown by `adapt` or `route` when the server's feature level cannot express the call: sending
 * it anyway would fail or, worse, mean something else.
 */
export class UnsupportedFeatureError extends Error {
  constructor(
    readonly endpointName: string,
    readonly requiredLevel: number,
    detail: string,
  ) {
    super(`${endpointName}: ${detail} needs service_feature_level ${requiredLevel} or later`);
    this.name = 'UnsupportedFeatureError';
  }
}

/** What a caller passes: the parameters its schema accepts. */
export type ParamsOf<E> = E extends Endpoint<string, infer P, unknown> ? P : never;
/** What a call answers: the response decoder's output. */
export type ResponseOf<E> = E extends Endpoint<string, infer _P, infer R> ? R : never;

/** A schema, or a function that builds it: a binding builds its schemas on their first use (lazy.ts). */
export type SchemaSource<T> = z.ZodType<T> | (() => z.ZodType<T>);

function builderOf<T>(source: SchemaSource<T>): () => z.ZodType<T> {
  return typeof source === 'function' ? lazy(source) : () => source;
}

export function defineEndpoint<Name extends string, Params extends Record<string, unknown>, Response>(spec: {
  name: Name;
  method: HttpMethod;
  path: string;
  authenticated?: boolean;
  disposable?: true;
  params: SchemaSource<Params>;
  response: SchemaSource<Response>;
  adapt?: (params: Params, ctx: WireContext) => Record<string, unknown>;
  route?: (params: Params, ctx: WireContext) => WireRoute | undefined;
}): Endpoint<Name, Params, Response> {
  const params = builderOf(spec.params);
  const response = builderOf(spec.response);
  return {
    name: spec.name,
    method: spec.method,
    path: spec.path,
    authenticated: spec.authenticated ?? true,
    ...(spec.disposable && { disposable: spec.disposable }),
    ...(spec.adapt && { adapt: spec.adapt }),
    ...(spec.route && { route: spec.route }),
    get params() {
      return params();
    },
    get response() {
      return response();
    },
  };
}

/** Spec part 1: strings as-is; numbers, booleans, null, lists and objects as JSON text. */
export function encodeParam(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

export function pathParamNames(pathTemplate: string): string[] {
  return [...pathTemplate.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/** Builds the wire request for a call. Parameters whose value is `undefined` are omitted. */
export function toWire<P extends Record<string, unknown>>(
  endpoint: Endpoint<string, P, unknown>,
  params: P,
  ctx: WireContext,
): WireRequest {
  const route = endpoint.route?.(params, ctx) ?? { method: endpoint.method, path: endpoint.path };
  const adapted: Record<string, unknown> = endpoint.adapt ? endpoint.adapt(params, ctx) : { ...params };
  const inPath = new Set(pathParamNames(route.path));
  const path = route.path.replace(PLACEHOLDER, (_, name: string) => {
    const value = adapted[name];
    if (value === undefined || value === null)
      throw new Error(`${endpoint.name}: missing path parameter ${name}`);
    return encodeURIComponent(encodeParam(value));
  });
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(adapted)) {
    if (inPath.has(key) || value === undefined) continue;
    fields[key] = encodeParam(value);
  }
  return { method: route.method, path, fields, authenticated: endpoint.authenticated };
}

/** Every success body (spec part 1, rules 2 and 4). */
export const successEnvelope = {
  result: z.literal('success'),
  msg: z.string(),
  ignored_parameters_unsupported: z.array(z.string()).optional(),
};

/** A success response with the named extra fields; unknown fields are kept, not rejected. */
export function successResponse<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject({ ...successEnvelope, ...shape });
}

export const emptySuccess = successResponse({});
export type EmptySuccess = z.infer<typeof emptySuccess>;
