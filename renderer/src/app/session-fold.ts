import { QueryClient } from '@tanstack/react-query';
import type { SessionStarted } from '../../../shared/ipc';
import { sessionKey } from '../api/keys';
import { applyEvents } from '../events/apply';

/**
 * A session as the window starts from it: its registration's state with the events main delivered
 * since (`eventsSince`) already applied, and `last_event_id` moved past them, so that nothing drawn
 * at launch (the home view, the counts) ever sees the older state, and live batches repeating one
 * of them are dropped. Applied on a cache of their own: a new session has no feeds to update yet.
 */
export function withEventsApplied(session: SessionStarted): SessionStarted {
  const { eventsSince, ...rest } = session;
  if (!eventsSince?.length) return session;
  const from = rest.initialState.last_event_id;
  const events = eventsSince.filter((event) => event.id > from);
  const scratch = new QueryClient();
  scratch.setQueryData(sessionKey, rest);
  applyEvents(scratch, events);
  const applied = scratch.getQueryData<SessionStarted>(sessionKey) ?? rest;
  scratch.clear();
  return {
    ...applied,
    initialState: { ...applied.initialState, last_event_id: events.at(-1)?.id ?? from },
  };
}
