// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateInitialState } from '../../../../renderer/src/api/keys';
import { ChannelPersonalSettings } from '../../../../renderer/src/features/channels/ChannelPersonalSettings';
import { JoinLeaveButton } from '../../../../renderer/src/features/channels/JoinLeaveButton';
import { FailWith } from '../fake-bridge';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

// A channel change whose answer was lost on the way back: the server made it, its event then shows
// it, and the error under the control must go rather than contradict what the control shows.

afterEach(cleanup);

const lostAnswer = () => {
  throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
};

describe('channel changes whose answer was lost', () => {
  it('joining: the error goes once the subscription arrives', async () => {
    const state = baseState();
    const general = state.subscriptions![0]!;
    const { bridge, queryClient, render } = setup({ ...state, subscriptions: [] });
    bridge.handlers.subscribe = lostAnswer;
    render(<JoinLeaveButton channel={general} testId="join" />);
    fireEvent.click(screen.getByTestId('join'));
    expect((await screen.findByTestId('join-error')).textContent).toMatch(/could not reach the server/i);

    act(() => updateInitialState(queryClient, (s) => ({ ...s, subscriptions: [general] })));
    await waitFor(() => expect(screen.getByTestId('join').textContent).toBe('Leave'));
    expect(screen.queryByTestId('join-error')).toBeNull();
  });

  it('muting: the error goes once the channel shows as muted, and stays while it does not', async () => {
    const { bridge, queryClient, render } = setup();
    bridge.handlers.updateSubscriptionSettings = lostAnswer;
    render(<ChannelPersonalSettings streamId={1} />);
    fireEvent.click(screen.getByTestId('channel-personal-is_muted'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Not changed: could not reach/i);
    const setGeneral = (change: Record<string, unknown>) =>
      act(() =>
        updateInitialState(queryClient, (s) => ({
          ...s,
          subscriptions: s.subscriptions!.map((c) => (c.stream_id === 1 ? { ...c, ...change } : c)),
        })),
      );
    setGeneral({ desktop_notifications: true });
    await waitFor(() =>
      expect(screen.getByTestId('channel-personal-desktop_notifications')).toHaveProperty('checked', true),
    );
    expect(screen.queryByRole('alert')).not.toBeNull();

    setGeneral({ is_muted: true });
    await waitFor(() =>
      expect(screen.getByTestId('channel-personal-is_muted')).toHaveProperty('checked', true),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
