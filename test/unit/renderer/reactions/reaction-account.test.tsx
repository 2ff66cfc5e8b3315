// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../renderer/src/api/model';
import { MessageDisplayProvider } from '../../../../renderer/src/features/messages/message-display';
import { MessageRow } from '../../../../renderer/src/features/messages/MessageRow';
import { THUMBS_UP, toggleReaction } from '../../../../renderer/src/features/reactions/toggle-reaction';
import { enterAccountScope } from '../../../../renderer/src/state/account-scope';
import { FakeBridge } from '../fake-bridge';
import { channelMessage, OTHER, SELF } from '../fixtures';
import { setup } from '../render-helpers';

// A reaction made in the moment after main switched accounts and before the window followed must
// not land on the other account's message of the same id: each names the account shown.

afterEach(cleanup);

const octopus = { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' };

describe('a reaction names the account on screen', () => {
  it('by the keyboard (toggleReaction)', async () => {
    enterAccountScope('acc-a');
    const bridge = new FakeBridge();
    bridge.handlers.addReaction = () => ({});
    await toggleReaction(bridge, { id: 42, reactions: [] } as unknown as Message, SELF, THUMBS_UP);
    expect(bridge.callsTo('addReaction')).toHaveLength(1);
    expect(bridge.accountIds).toEqual(['acc-a']);
  });

  it('by a click on a reaction, adding and taking back', async () => {
    enterAccountScope('acc-a');
    const { bridge, render } = setup();
    bridge.handlers.addReaction = () => ({});
    bridge.handlers.removeReaction = () => ({});
    const mine = { ...octopus, user_id: SELF };
    const others = channelMessage({ sender_id: OTHER, reactions: [{ ...octopus, user_id: OTHER }] });
    const reacted = channelMessage({ sender_id: OTHER, reactions: [mine] });
    for (const message of [others, reacted]) {
      render(
        <MessageDisplayProvider>
          <MessageRow message={message} showSender recipientHeader={false} isOwn={false} twentyFour={false} />
        </MessageDisplayProvider>,
      );
      await act(async () => fireEvent.click(screen.getByTestId('reaction-octopus')));
      cleanup();
    }
    await waitFor(() => expect(bridge.calls.map((c) => c.name)).toEqual(['addReaction', 'removeReaction']));
    expect(bridge.accountIds).toEqual(['acc-a', 'acc-a']);
  });
});
