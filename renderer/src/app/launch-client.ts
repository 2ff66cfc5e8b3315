import type { QueryClient } from '@tanstack/react-query';
import type { ChatBridge } from '../../../shared/ipc';
import { createQueryClient } from './App';
import { seedLaunchCalls, type LaunchCalls } from './launch-calls';
import { connectBridge } from './session';

/**
 * The window's query client, listening to main's pushes (sessions, events, the connection) from the
 * task that sent the launch's calls, before any answer or push can arrive. Connected from the first
 * render's effects instead, a push that came while the bundle finished and React drew was lost: a
 * session pushed after the launch's "no session yet" answer left the window on "Connecting…" until
 * the next one, and events pushed then were never applied.
 */
export function launchQueryClient(bridge: ChatBridge, calls: LaunchCalls): QueryClient {
  const queryClient = createQueryClient();
  connectBridge(bridge, queryClient);
  seedLaunchCalls(queryClient, calls);
  return queryClient;
}
