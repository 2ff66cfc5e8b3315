import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../renderer/src/api/model';
import { THUMBS_UP, toggleReaction } from '../../../../renderer/src/features/reactions/toggle-reaction';
import { FailWith, FakeBridge, apiError } from '../fake-bridge';

const SELF = 7;

function message(reactions: Message['reactions'] = []): Message {
  return { id: 42, reactions } as unknown as Message;
}

/** A bridge whose reaction calls wait until the test lets them answer, one at a time. */
function slowServer() {
  const bridge = new FakeBridge();
  const waiting: (() => void)[] = [];
  const held = () => new Promise<object>((resolve) => waiting.push(() => resolve({})));
  bridge.handlers.addReaction = held;
  bridge.handlers.removeReaction = held;
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const answerNext = async () => {
    while (waiting.length === 0) await tick();
    waiting.shift()!();
    await tick();
  };
  return { bridge, waiting, answerNext, tick };
}

describe('toggleReaction (the + and = keys)', () => {
  it('a second press before the first one’s event toggles back, after the first call', async () => {
    const { bridge, waiting, answerNext, tick } = slowServer();
    // Both presses see the message as the cache holds it: the first change's event has not come.
    const first = toggleReaction(bridge, message(), SELF, THUMBS_UP);
    const second = toggleReaction(bridge, message(), SELF, THUMBS_UP);
    await tick();
    expect(bridge.calls.map((c) => c.name)).toEqual(['addReaction']);
    expect(waiting).toHaveLength(1);
    await answerNext();
    await answerNext();
    await Promise.all([first, second]);
    expect(bridge.calls.map((c) => c.name)).toEqual(['addReaction', 'removeReaction']);
  });

  it('reads the message again once nothing is on its way', async () => {
    const { bridge, answerNext } = slowServer();
    const first = toggleReaction(bridge, message(), SELF, THUMBS_UP);
    await answerNext();
    await first;
    const mine = message([
      { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: SELF },
    ]);
    const second = toggleReaction(bridge, mine, SELF, THUMBS_UP);
    await answerNext();
    await second;
    expect(bridge.calls.map((c) => c.name)).toEqual(['addReaction', 'removeReaction']);
  });

  it('a reaction already there (added on another device meanwhile) is what the press asked for', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.addReaction = () => {
      throw new FailWith(apiError('REACTION_ALREADY_EXISTS', 'Reaction already exists.'));
    };
    await expect(toggleReaction(bridge, message(), SELF, THUMBS_UP)).resolves.toBeUndefined();
  });
});
