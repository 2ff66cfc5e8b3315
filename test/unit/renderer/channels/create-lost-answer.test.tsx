// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateInitialState } from '../../../../renderer/src/api/keys';
import { CreateChannelDialog } from '../../../../renderer/src/features/channels/CreateChannelDialog';
import { useDialogStore } from '../../../../renderer/src/state/dialogs';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { FailWith } from '../fake-bridge';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(() => {
  cleanup();
  useNarrowStore.getState().clear();
});

const made = {
  stream_id: 9,
  name: 'launch-plan',
  color: '#c2c2c2',
  invite_only: false,
  is_web_public: false,
  description: '',
  rendered_description: '',
};

describe('creating a channel whose answer was lost', () => {
  it('opens the channel once its subscription arrives, instead of a name now taken beside an error', async () => {
    const { bridge, queryClient, render } = setup();
    bridge.handlers.subscribe = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
    };
    useDialogStore.setState({ dialog: { kind: 'create-channel' } });
    render(<CreateChannelDialog />);
    fireEvent.change(screen.getByTestId('new-channel-name'), { target: { value: 'launch-plan' } });
    fireEvent.click(screen.getByTestId('create-channel-submit'));
    expect((await screen.findByTestId('new-channel-error')).textContent).toMatch(/could not reach/i);

    // The server made it: its subscription event comes.
    act(() =>
      updateInitialState(queryClient, (s) => ({ ...s, subscriptions: [...(s.subscriptions ?? []), made] })),
    );
    await waitFor(() => expect(useDialogStore.getState().dialog).toBeNull());
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'channel', streamId: 9 });
  });

  it('a refusal keeps the dialog and the form', async () => {
    const { bridge, render } = setup({ ...baseState(), subscriptions: [] });
    bridge.handlers.subscribe = () => {
      throw new FailWith({
        kind: 'api',
        status: 400,
        code: 'BAD_REQUEST',
        msg: 'Insufficient permission',
        extra: {},
      });
    };
    useDialogStore.setState({ dialog: { kind: 'create-channel' } });
    render(<CreateChannelDialog />);
    fireEvent.change(screen.getByTestId('new-channel-name'), { target: { value: 'launch-plan' } });
    fireEvent.click(screen.getByTestId('create-channel-submit'));
    expect((await screen.findByTestId('new-channel-error')).textContent).toContain('Insufficient permission');
    expect(useDialogStore.getState().dialog).toEqual({ kind: 'create-channel' });
    expect((screen.getByTestId('new-channel-name') as HTMLInputElement).value).toBe('launch-plan');
  });

  it('after a refusal, a corrected name is created: the refused name is not awaited as if made', async () => {
    const { bridge, render } = setup({ ...baseState(), subscriptions: [] });
    bridge.handlers.subscribe = (params) => {
      if (params.subscriptions[0]?.name === 'leadership')
        throw new FailWith({
          kind: 'api',
          status: 400,
          code: 'BAD_REQUEST',
          msg: 'Unable to access channel (leadership).',
          extra: {},
        });
      return { subscribed: {}, already_subscribed: {} };
    };
    useDialogStore.setState({ dialog: { kind: 'create-channel' } });
    render(<CreateChannelDialog />);
    const name = screen.getByTestId('new-channel-name');
    const submit = screen.getByTestId('create-channel-submit');
    fireEvent.change(name, { target: { value: 'leadership' } });
    fireEvent.click(submit);
    await screen.findByTestId('new-channel-error');
    expect(screen.queryByText(/Created #/)).toBeNull();
    expect(submit.textContent).toBe('Create channel');

    fireEvent.change(name, { target: { value: 'leadership-2' } });
    expect(screen.queryByText(/Created #/)).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(bridge.callsTo('subscribe')).toHaveLength(2));
    expect(bridge.callsTo('subscribe')[1]).toMatchObject({ subscriptions: [{ name: 'leadership-2' }] });
  });
});
