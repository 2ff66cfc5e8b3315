// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BotsScreen } from '../../../../renderer/src/features/bots/BotsScreen';
import { baseState, SELF } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

const bots = [
  { user_id: 50, email: 'deploy-bot@x.example', full_name: 'Deploy Bot', owner_id: SELF },
  { user_id: 51, email: 'other-bot@x.example', full_name: 'Other Bot', owner_id: 999 },
];

describe('BotsScreen', () => {
  it('asks main for an owned bot’s key on each click and keeps it only while shown', async () => {
    const { bridge, render } = setup(baseState({ realm_bots: bots }));
    bridge.botKeys.set(50, 'the-deploy-key');
    render(<BotsScreen />);
    expect(screen.queryByTestId('bot-key')).toBeNull();
    expect(bridge.revealRequests).toEqual([]);

    fireEvent.click(screen.getByTestId('bot-show-key'));
    expect((await screen.findByTestId('bot-key')).textContent).toBe('the-deploy-key');
    fireEvent.click(screen.getByTestId('bot-hide-key'));
    expect(screen.queryByTestId('bot-key')).toBeNull();
    expect(document.body.textContent).not.toContain('the-deploy-key');

    bridge.botKeys.set(50, 'regenerated-key');
    fireEvent.click(screen.getByTestId('bot-show-key'));
    expect((await screen.findByTestId('bot-key')).textContent).toBe('regenerated-key');
    expect(bridge.revealRequests).toEqual([50, 50]);
  });

  it('offers no key for a bot someone else owns, and shows main’s refusal', async () => {
    const { bridge, render } = setup(baseState({ realm_bots: bots }));
    render(<BotsScreen />);
    expect(screen.getByTestId('bot-51').textContent).toContain('Only its owner');
    fireEvent.click(screen.getByTestId('bot-show-key'));
    await waitFor(() => expect(screen.getByTestId('bot-key-error').textContent).toBe('not yours'));
    expect(bridge.revealRequests).toEqual([50]);
  });
});
