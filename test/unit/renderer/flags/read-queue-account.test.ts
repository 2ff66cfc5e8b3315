// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ChatBridge } from '../../../../shared/ipc';
import { readQueueFor } from '../../../../renderer/src/features/messages/read-queue';
import { enterAccountScope } from '../../../../renderer/src/state/account-scope';

describe('the mark-as-read queue', () => {
  it('names the account whose messages were seen, so main sends nothing once another is active', async () => {
    const call = vi.fn(async () => ({ ok: true as const, value: { result: 'success', msg: '' } }));
    const bridge = { call } as unknown as ChatBridge;
    enterAccountScope('acc-a');
    readQueueFor(bridge).mark([7, 5]);
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]).toEqual([
      'updateMessageFlags',
      { messages: [5, 7], op: 'add', flag: 'read' },
      undefined,
      'acc-a',
    ]);
  });
});
