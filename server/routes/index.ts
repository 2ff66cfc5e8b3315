import type { RouteDef } from '../http/route';
import { serverSettingsRoutes } from './server-settings';
import { eventRoutes } from './events';

/** Every endpoint of the server, by spec area. Add a new area's array here. */
export const allRoutes: RouteDef[] = [...serverSettingsRoutes, ...eventRoutes];
