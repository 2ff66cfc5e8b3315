import { decodeEvents, deleteQueue, getEvents } from '../../shared/api/events';
import { register } from '../../shared/api/register';
import type { EventsResponse, QueueApi } from './event-loop';
import type { HttpClient } from './http-client';

/** The event loop's three calls, made through the shared bindings on one account's client. */
export function queueApiFor(client: HttpClient): QueueApi {
  return {
    register: (params, options) => client.call(register, params, { ...options, unpooled: true }),
    async getEvents(params, options) {
      const result = await client.call(getEvents, params, { ...options, unpooled: true });
      if (!result.ok) return result;
      const value: EventsResponse = {
        events: decodeEvents(result.value.events),
        queue_id: result.value.queue_id,
      };
      return { ok: true, value };
    },
    deleteQueue: (params, options) => client.call(deleteQueue, params, { ...options, unpooled: true }),
  };
}
