// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';

import { describe, expect, it } from 'vitest';
import { App } from '../../../../renderer/src/app/App';
import { NOT_THIS_LAUNCH } from '../../../../renderer/src/bridge/websocket-transport';
import { FakeBridge } from '../fake-bridge';

// The app's own side not answering at launch (the web host gone, or refusing the page's secret) is
// not "no account": the first screen says what is wrong instead of offering a sign-in that cannot work.
describe('a launch whose bridge fails', () => {
  // The launch's calls are retried twice (about 3 s) before the failure shows.
  it('shows why, with Try again, not the sign-in form', async () => {
    const bridge = new FakeBridge();
    let refusing = true;
    const active = bridge.accounts.active;
    bridge.accounts.active = async () => {
      if (refusing) throw new Error(NOT_THIS_LAUNCH);
      return active();
    };
    render(<App bridge={bridge} />);
    expect((await screen.findByTestId('launch-failed', {}, { timeout: 6000 })).textContent).toContain(
      NOT_THIS_LAUNCH,
    );
    expect(screen.queryByTestId('sign-in')).toBeNull();

    // Once the bridge answers (a host that was only briefly away), Try again goes on with the launch.
    refusing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('sign-in')).toBeTruthy();
    expect(screen.queryByTestId('launch-failed')).toBeNull();
  });
});
