import type { FastifyRequest } from 'fastify';
import type { Realm } from '../realm/realm';
import type { User } from '../realm/users';
import type { EventQueueManager } from '../events/manager';
import type { LoginThrottle } from './login-throttle';

export interface Timings {
  heartbeatSeconds: number;
  longpollTimeoutSeconds: number;
  queueIdleTimeoutSeconds: number;
  typingStartedWaitMs: number;
  typingStoppedWaitMs: number;
  typingStartedExpiryMs: number;
  /** How often due scheduled messages are looked for and delivered. */
  scheduledDeliveryCheckMs: number;
}

/** What every route can reach: the model, the event system, the configured timings. */
export interface ServerContext {
  realm: Realm;
  events: EventQueueManager;
  timings: Timings;
  /** Failed password sign-ins per username and address (POST /fetch_api_key). */
  loginThrottle: LoginThrottle;
  /** Saves the realm to the data file (`--data`); resolves once what changed so far is on disk. */
  saveChanges?: () => Promise<void>;
}

export interface RouteContext {
  server: ServerContext;
  realm: Realm;
  /** The authenticated user. Routes declared with `auth: false` must not read it. */
  user: User;
  request: FastifyRequest;
}
