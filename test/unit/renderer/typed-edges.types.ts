/**
 * Type-level tests, checked by `npm run typecheck` and never run: every `@ts-expect-error` line must
 * fail to compile (tsc reports a directive with nothing to suppress), the other lines must compile.
 * They hold the renderer's typed edges in place: a call is checked against its binding by the
 * operation's name alone, and each event reducer against the decoded variant of its own type.
 */
import type { Message as SharedMessage } from '../../../shared/api/resources';
import type { RegisterResponse } from '../../../shared/api/register';
import type { ChatBridge } from '../../../shared/ipc';
import { callApi } from '../../../renderer/src/api/call';
import type { InitialState, Message } from '../../../renderer/src/api/model';
import { apiQueryKey, useApiQuery } from '../../../renderer/src/api/queries';
import { reducers } from '../../../renderer/src/events/apply';
import type { EventReducer } from '../../../renderer/src/events/types';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export async function callsAreCheckedAgainstTheirBinding(bridge: ChatBridge): Promise<number> {
  const created = await callApi(bridge, 'createSavedSnippet', { title: 'Greeting', content: 'Hello' });
  const id: number = created.saved_snippet_id;
  // @ts-expect-error: the answer's fields have the binding's types
  const _asText: string = created.saved_snippet_id;
  // @ts-expect-error: a misspelled operation
  await callApi(bridge, 'createSavedSnipet', { title: 'Greeting', content: 'Hello' });
  // @ts-expect-error: an operation only the main process may call
  await callApi(bridge, 'getEvents', { queue_id: 'q' });
  // @ts-expect-error: a parameter of the wrong type
  await callApi(bridge, 'deleteSavedSnippet', { saved_snippet_id: '3' });
  // @ts-expect-error: a parameter the binding does not have
  await callApi(bridge, 'deleteSavedSnippet', { saved_snippet_id: 3, title: 'Greeting' });
  // @ts-expect-error: a required parameter left out
  await callApi(bridge, 'updateMessage', { content: 'edited' });
  // @ts-expect-error: a value outside the binding's enumeration
  await callApi(bridge, 'setTypingStatus', { op: 'begin', type: 'direct', to: [1] });
  return id;
}

export function useQueriesAreCheckedAgainstTheirBinding(): string[] | undefined {
  const topics = useApiQuery('getStreamTopics', { stream_id: 1, allow_empty_topic_name: true });
  // @ts-expect-error: a misspelled operation
  useApiQuery('getStreamTopic', { stream_id: 1 });
  // @ts-expect-error: a parameter of the wrong type
  useApiQuery('getStreamTopics', { stream_id: 'general' });
  // @ts-expect-error: query keys are checked the same way
  apiQueryKey('getInvites', { invite_id: 1 });
  return topics.data?.topics.map((t) => t.name);
}

export function eventReducersAreExhaustiveAndTyped(): void {
  const { message: _message, ...withoutMessage } = reducers;
  // @ts-expect-error: every known event type that is not ignored needs its reducer
  const _incomplete: typeof reducers = withoutMessage;
  // @ts-expect-error: a reducer takes its own type's variant, not another type's
  const _mismatched: typeof reducers = { ...reducers, reaction: reducers.message };
  // @ts-expect-error: an ignored type has no reducer
  const _ignoredToo: typeof reducers = { ...reducers, heartbeat: reducers.message };

  const _reaction: EventReducer<'reaction'> = (_ctx, event) => {
    const op: 'add' | 'remove' = event.op;
    // @ts-expect-error: the reaction variant's fields keep their decoded types
    const _code: number = event.emoji_code;
    void op;
  };
}

export const modelTypesAreTheSharedOnes: [
  Equal<Message, SharedMessage>,
  Equal<InitialState, RegisterResponse>,
] = [true, true];
