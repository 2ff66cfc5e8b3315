// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../../../renderer/src/features/keyboard/actions';
import type { Message } from '../../../../renderer/src/api/model';
import { registerActiveFeed } from '../../../../renderer/src/features/messages/active-feed';
import { setup } from '../render-helpers';

/** Shift+M and Ctrl+S pressed twice before the first press's event has reached the cache. */
describe('a toggle key pressed again while the first change is on its way', () => {
  const plans = {
    id: 7,
    type: 'stream',
    stream_id: 3,
    subject: 'Plans',
    sender_id: 20,
    display_recipient: 'general',
    flags: [],
  } as unknown as Message;
  const selecting = (message: Message) =>
    registerActiveFeed({
      narrow: { kind: 'topic', streamId: 3, topic: 'Plans' },
      messages: () => [message],
      selected: () => message,
      move: () => undefined,
      first: () => undefined,
      last: () => undefined,
      select: () => undefined,
      reveal: () => undefined,
    });
  /** Each call waits for the test to answer it; the answers say the order the server got them in. */
  function heldCalls() {
    const waiting: (() => void)[] = [];
    const held = () => new Promise<object>((resolve) => waiting.push(() => resolve({})));
    const answerAll = async () => {
      for (let i = 0; i < 20 && waiting.length === 0; i++) await new Promise((r) => setTimeout(r, 0));
      while (waiting.length > 0) {
        waiting.shift()!();
        for (let i = 0; i < 20 && waiting.length === 0; i++) await new Promise((r) => setTimeout(r, 0));
      }
    };
    return { held, waiting, answerAll };
  }

  it('Shift+M mutes, then unmutes, in that order', async () => {
    const { bridge, queryClient } = setup();
    const { held, waiting, answerAll } = heldCalls();
    bridge.handlers.updateMutedTopic = held;
    const off = selecting(plans);
    ACTIONS['mute-topic']({ bridge, queryClient });
    ACTIONS['mute-topic']({ bridge, queryClient });
    await new Promise((r) => setTimeout(r, 0));
    expect(waiting).toHaveLength(1);
    await answerAll();
    off();
    expect(bridge.callsTo('updateMutedTopic').map((p) => p.op)).toEqual(['add', 'remove']);
  });

  it('Ctrl+S stars, then unstars, in that order', async () => {
    const { bridge, queryClient } = setup();
    const { held, waiting, answerAll } = heldCalls();
    bridge.handlers.updateMessageFlagsForNarrow = held;
    const off = selecting({ ...plans, id: 8 });
    ACTIONS.star({ bridge, queryClient });
    ACTIONS.star({ bridge, queryClient });
    await new Promise((r) => setTimeout(r, 0));
    expect(waiting).toHaveLength(1);
    await answerAll();
    off();
    expect(bridge.callsTo('updateMessageFlagsForNarrow').map((p) => p.op)).toEqual(['add', 'remove']);
  });
});
