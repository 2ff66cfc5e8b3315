import type { ParamsOf, ResponseOf } from './endpoint';
import { deleteQueue, getEvents } from './events';
import { register } from './register';
import { getServerSettings } from './server';

/** Every binding, by operation name. */
export const endpoints = {
  getServerSettings,
  register,
  getEvents,
  deleteQueue,
} as const;

export type EndpointName = keyof typeof endpoints;
export type EndpointParams<N extends EndpointName> = ParamsOf<(typeof endpoints)[N]>;
export type EndpointResponse<N extends EndpointName> = ResponseOf<(typeof endpoints)[N]>;

/** Endpoints only the main process may call: the renderer never manages the event queue itself. */
export const mainOnlyEndpoints = [
  'register',
  'getEvents',
  'deleteQueue',
] as const satisfies readonly EndpointName[];
export type RendererEndpointName = Exclude<EndpointName, (typeof mainOnlyEndpoints)[number]>;

export function isRendererEndpoint(name: string): name is RendererEndpointName {
  return name in endpoints && !(mainOnlyEndpoints as readonly string[]).includes(name);
}
