import { callApi } from '../../api/call';
import type { ChatBridge } from '../../../../shared/ipc';

/** More rounds than a topic needs on the reference server (1,000 a round); the real one does more. */
export const MAX_DELETE_ROUNDS = 200;

export interface TopicDeletion {
  /** The server said the topic is gone. */
  complete: boolean;
  rounds: number;
}

/**
 * Deletes a topic as the real service asks: POST delete_topic again while it answers
 * `complete: false`, at most `maxRounds` times, stopping early once `stop.cancelled`.
 */
export async function deleteTopicInBatches(
  bridge: ChatBridge,
  streamId: number,
  topic: string,
  onRound: (rounds: number) => void = () => undefined,
  stop: { cancelled: boolean } = { cancelled: false },
  maxRounds = MAX_DELETE_ROUNDS,
): Promise<TopicDeletion> {
  let rounds = 0;
  while (rounds < maxRounds && !stop.cancelled) {
    let answer;
    try {
      answer = await callApi(bridge, 'deleteTopic', { stream_id: streamId, topic_name: topic });
    } catch (error) {
      // A round whose answer was lost may have deleted what was left: then the topic is gone, as asked.
      if (await hasNoMessages(bridge, streamId, topic)) return { complete: true, rounds };
      throw error;
    }
    rounds++;
    onRound(rounds);
    // Servers before `complete` existed deleted everything or failed.
    if (answer.complete !== false) return { complete: true, rounds };
  }
  return { complete: false, rounds };
}

/** True when the server answers that the topic holds no message; false when it cannot tell. */
async function hasNoMessages(bridge: ChatBridge, streamId: number, topic: string): Promise<boolean> {
  try {
    const { messages } = await callApi(bridge, 'getMessages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: streamId },
        { operator: 'topic', operand: topic },
      ],
      allow_empty_topic_name: true,
    });
    return messages.length === 0;
  } catch {
    return false;
  }
}
