// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../renderer/src/api/model';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { MessageDisplayProvider } from '../../../../renderer/src/features/messages/message-display';
import { MessageRow } from '../../../../renderer/src/features/messages/MessageRow';
import { channelMessage, decoded, dmMessage, OTHER, SELF } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

const rename = (userId: number, fullName: string, id: number) => ({
  id,
  type: 'realm_user',
  op: 'update',
  person: { user_id: userId, full_name: fullName },
});

function Rows({
  messages,
  light = false,
  headers = false,
}: {
  messages: Message[];
  light?: boolean;
  headers?: boolean;
}) {
  return (
    <MessageDisplayProvider>
      {messages.map((m) => (
        <MessageRow
          key={m.id}
          message={m}
          showSender
          recipientHeader={headers}
          isOwn={m.sender_id === SELF}
          twentyFour={false}
          light={light}
        />
      ))}
    </MessageDisplayProvider>
  );
}

describe('sender names on message rows', () => {
  // Zulip draws them from the current user data: a rename shows on messages already in view.
  it.each([false, true])(
    'follow realm_user renames, one’s own and others’ (light row: %s)',
    async (light) => {
      const { queryClient, render } = setup();
      const own = channelMessage({ sender_id: SELF, sender_full_name: 'Self Person' });
      const other = channelMessage({ sender_id: OTHER, sender_full_name: 'Other Person' });
      render(<Rows messages={[own, other]} light={light} />);
      const sender = (m: Message) => screen.getByTestId(`message-${m.id}`).querySelector('.sender')!;
      expect(sender(own).textContent).toBe('Self Person');
      expect(sender(other).textContent).toBe('Other Person');

      await act(async () => {
        applyEvents(queryClient, decoded([rename(SELF, 'Ada Renamed', 1), rename(OTHER, 'Ben Renamed', 2)]));
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      expect(sender(own).textContent).toBe('Ada Renamed');
      expect(sender(other).textContent).toBe('Ben Renamed');
      expect(screen.getByTestId(`message-${other.id}`).getAttribute('aria-label')).toBe(
        'Message from Ben Renamed',
      );
    },
  );

  it('keep the message’s own name for a sender the user data does not hold', () => {
    const { render } = setup();
    const stranger = channelMessage({ sender_id: 999, sender_full_name: 'Someone Else' });
    render(<Rows messages={[stranger]} />);
    expect(screen.getByTestId(`sender-${stranger.id}`).textContent).toBe('Someone Else');
  });

  it('the recipient header of a direct message names the people by their current names too', async () => {
    const { queryClient, render } = setup();
    const dm = dmMessage([SELF, OTHER], {
      display_recipient: [
        { id: SELF, email: 'self@x.example', full_name: 'Self Person' },
        { id: OTHER, email: 'other@x.example', full_name: 'Other Person' },
      ],
    });
    render(<Rows messages={[dm]} headers />);
    const header = () => screen.getByTestId(`message-${dm.id}`).querySelector('header')!.textContent;
    expect(header()).toContain('Self Person, Other Person');
    await act(async () => {
      applyEvents(queryClient, decoded([rename(OTHER, 'Ben Renamed', 1)]));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(header()).toContain('Self Person, Ben Renamed');
  });
});
