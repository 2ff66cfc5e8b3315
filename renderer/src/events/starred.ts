import type { InitialState } from '../api/model';

/** Drops ids from the starred ids (the top bar's Starred count), as the server does when it drops them. */
export function removeStarred(state: InitialState, ids: ReadonlySet<number>): InitialState {
  const starred = state.starred_messages;
  if (!starred?.some((id) => ids.has(id))) return state;
  return { ...state, starred_messages: starred.filter((id) => !ids.has(id)) };
}
