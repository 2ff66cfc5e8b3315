// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BotsScreen } from '../../../../renderer/src/features/bots/BotsScreen';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { baseState, decoded, SELF } from '../fixtures';
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

  it('follows realm_bot events: a new bot, a rename, a deactivation, a deletion; no key kept', async () => {
    const { queryClient, render } = setup(baseState({ realm_bots: bots }));
    render(<BotsScreen />);
    // The cache notifies its observers on the next tick: wait for it inside act.
    const apply = (events: Record<string, unknown>[]) =>
      act(async () => {
        applyEvents(queryClient, decoded(events));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    await apply([
      {
        id: 1,
        type: 'realm_bot',
        op: 'add',
        bot: { user_id: 52, email: 'new-bot@x.example', full_name: 'New Bot', owner_id: SELF, api_key: 'k' },
      },
    ]);
    expect(screen.getByTestId('bot-52').textContent).toContain('New Bot');
    await apply([{ id: 2, type: 'realm_bot', op: 'update', bot: { user_id: 52, full_name: 'Renamed Bot' } }]);
    expect(screen.getByTestId('bot-52').textContent).toContain('Renamed Bot');
    expect(screen.getByTestId('bot-52').textContent).toContain('new-bot@x.example');
    await apply([{ id: 3, type: 'realm_bot', op: 'update', bot: { user_id: 52, is_active: false } }]);
    expect(screen.getByTestId('bot-52').querySelector('[data-testid="bot-deactivated"]')).not.toBeNull();
    await apply([{ id: 4, type: 'realm_bot', op: 'remove', bot: { user_id: 50 } }]);
    expect(screen.getByTestId('bot-50').querySelector('[data-testid="bot-deactivated"]')).not.toBeNull();
    await apply([{ id: 5, type: 'realm_bot', op: 'delete', bot: { user_id: 51 } }]);
    expect(screen.queryByTestId('bot-51')).toBeNull();
    // An update for a bot the list never had does not invent one.
    await apply([{ id: 6, type: 'realm_bot', op: 'update', bot: { user_id: 77, full_name: 'Ghost' } }]);
    expect(screen.queryByTestId('bot-77')).toBeNull();
    expect(JSON.stringify(queryClient.getQueryData(['session']) ?? {})).not.toContain('"api_key"');
  });
});
