import { describe, expect, it } from 'vitest';
import type { ChatBridge } from '../../../../shared/ipc';
import { deleteTopicInBatches } from '../../../../renderer/src/features/topics/delete-topic';

/**
 * A bridge whose deleteTopic answers come from `answers`, in turn, and whose topic holds
 * `messagesLeft` messages when asked (getMessages); records the calls.
 */
function bridgeAnswering(answers: Array<{ complete?: boolean } | 'fail' | 'lost'>, messagesLeft = 1) {
  const calls: unknown[] = [];
  const bridge = {
    call: async (name: string, params: unknown) => {
      calls.push([name, params]);
      if (name === 'getMessages')
        return {
          ok: true,
          value: {
            result: 'success',
            msg: '',
            messages: Array.from({ length: messagesLeft }, (_, i) => ({ id: i + 1 })),
          },
        };
      const answer = answers.shift();
      if (answer === 'fail')
        return {
          ok: false,
          error: { kind: 'api', status: 400, code: 'BAD_REQUEST', msg: 'Invalid channel ID', extra: {} },
        };
      if (answer === 'lost')
        return {
          ok: false,
          error: { kind: 'network', reason: 'connection_failed', message: 'socket hang up' },
        };
      return { ok: true, value: { result: 'success', msg: '', ...answer } };
    },
  } as unknown as ChatBridge;
  return { bridge, calls };
}

describe('deleteTopicInBatches', () => {
  it('asks again while the server says the topic is not gone, and reports each round', async () => {
    const { bridge, calls } = bridgeAnswering([{ complete: false }, { complete: false }, { complete: true }]);
    const rounds: number[] = [];
    const result = await deleteTopicInBatches(bridge, 7, 'old plans', (n) => rounds.push(n));
    expect(result).toEqual({ complete: true, rounds: 3 });
    expect(rounds).toEqual([1, 2, 3]);
    expect(calls).toEqual(Array(3).fill(['deleteTopic', { stream_id: 7, topic_name: 'old plans' }]));
  });

  it('takes an answer without `complete` (older servers) as done', async () => {
    const { bridge, calls } = bridgeAnswering([{}]);
    expect(await deleteTopicInBatches(bridge, 7, 'x')).toEqual({ complete: true, rounds: 1 });
    expect(calls).toHaveLength(1);
  });

  it('stops after its bound, and when cancelled, without saying the topic is gone', async () => {
    const endless = bridgeAnswering(Array.from({ length: 10 }, () => ({ complete: false })));
    expect(await deleteTopicInBatches(endless.bridge, 7, 'x', undefined, undefined, 4)).toEqual({
      complete: false,
      rounds: 4,
    });
    expect(endless.calls).toHaveLength(4);
    const stop = { cancelled: false };
    const cancelled = bridgeAnswering(Array.from({ length: 10 }, () => ({ complete: false })));
    const result = await deleteTopicInBatches(
      cancelled.bridge,
      7,
      'x',
      (n) => n === 2 && (stop.cancelled = true),
      stop,
    );
    expect(result).toEqual({ complete: false, rounds: 2 });
  });

  it('takes a round whose answer was lost as done when the topic then holds no message', async () => {
    const { bridge, calls } = bridgeAnswering([{ complete: false }, 'lost'], 0);
    expect(await deleteTopicInBatches(bridge, 7, 'old plans')).toEqual({ complete: true, rounds: 1 });
    expect(calls.at(-1)).toEqual([
      'getMessages',
      expect.objectContaining({
        narrow: [
          { operator: 'channel', operand: 7 },
          { operator: 'topic', operand: 'old plans' },
        ],
      }),
    ]);
  });

  it('throws a lost answer while the topic still holds messages', async () => {
    const { bridge } = bridgeAnswering(['lost'], 1);
    await expect(deleteTopicInBatches(bridge, 7, 'x')).rejects.toThrow(/socket hang up|reach/i);
  });

  it('throws the server’s refusal', async () => {
    const { bridge } = bridgeAnswering(['fail']);
    await expect(deleteTopicInBatches(bridge, 7, 'x')).rejects.toThrow('Invalid channel ID');
  });
});
