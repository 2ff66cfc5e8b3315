// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_THIS_LAUNCH, SECRET_REFUSED } from '../../../renderer/src/bridge/websocket-transport';
import { ConnectionBanner, msToNextSecond } from '../../../renderer/src/components/ConnectionBanner';
import { bannerText, useConnectionStore } from '../../../renderer/src/state/connection';
import { setup } from './render-helpers';

// The banner's countdown runs on the page's own clock from the moment a status arrives, and its
// "Retry now" asks the main process to try at once.
describe('connection banner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    act(() => useConnectionStore.getState().setStatus({ state: 'connecting' }));
    vi.useRealTimers();
  });

  it('counts "Retrying in N s" down each second, then says it is retrying now', () => {
    const { render, bridge } = setup();
    render(<ConnectionBanner />);
    act(() =>
      useConnectionStore.getState().setStatus({
        state: 'reconnecting',
        failures: 3,
        retryInMs: 3000,
        reason: 'Cannot reach the server.',
      }),
    );
    const text = () => screen.getByTestId('connection-banner-text').textContent;
    expect(text()).toBe('Connection lost (Cannot reach the server). Retrying in 3 s…');
    // Each tick lands just past a whole second of what is left (15 ms after it).
    act(() => vi.advanceTimersByTime(990));
    expect(text()).toContain('Retrying in 3 s');
    act(() => vi.advanceTimersByTime(30));
    expect(text()).toContain('Retrying in 2 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toContain('Retrying in 1 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toContain('Retrying now…');

    fireEvent.click(screen.getByTestId('retry-now'));
    expect(bridge.retries).toBe(1);
    // One click per status: the button waits for the answer (a new status).
    expect(screen.getByTestId('retry-now')).toHaveProperty('disabled', true);
    act(() =>
      useConnectionStore.getState().setStatus({
        state: 'reconnecting',
        failures: 4,
        retryInMs: 900,
        reason: 'Cannot reach the server.',
      }),
    );
    expect(screen.getByTestId('retry-now')).toHaveProperty('disabled', false);
    expect(text()).toContain('Retrying in 1 s');
  });

  it('aims each tick just past the next whole second left, whatever the phase', () => {
    expect(msToNextSecond(3000)).toBe(1015);
    expect(msToNextSecond(2500)).toBe(515);
    expect(msToNextSecond(1)).toBe(16);
    expect(msToNextSecond(5001)).toBe(16);
  });

  it('has no banner and no button for a blip, and says "not responding" at once for a hung server', () => {
    const { render } = setup();
    render(<ConnectionBanner />);
    act(() =>
      useConnectionStore.getState().setStatus({
        state: 'reconnecting',
        failures: 1,
        retryInMs: 500,
        reason: 'Cannot reach the server.',
      }),
    );
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    act(() =>
      useConnectionStore.getState().setStatus({
        state: 'unresponsive',
        failures: 0,
        retryInMs: null,
        reason: 'The server is not responding.',
      }),
    );
    expect(screen.getByTestId('connection-banner-text').textContent).toBe(
      'The server is not responding. Still waiting for an answer…',
    );
    expect(screen.getByTestId('retry-now')).toBeTruthy();
  });

  it('a rate limit is told as one, not as a lost connection', () => {
    expect(
      bannerText({
        state: 'reconnecting',
        failures: 3,
        retryInMs: 2000,
        reason: 'Rate limited by the server.',
        rateLimited: true,
      }),
    ).toBe('The server asked this app to slow down. Retrying in 2 s…');
  });

  it('a deactivated account or organization is not told to sign in again', () => {
    expect(bannerText({ state: 'fatal', reason: 'Invalid API key', code: 'INVALID_API_KEY' })).toBe(
      'Disconnected: Invalid API key. Sign in again.',
    );
    expect(bannerText({ state: 'fatal', reason: 'Account is deactivated', code: 'USER_DEACTIVATED' })).toBe(
      'This account has been deactivated. An administrator of the organization can reactivate it.',
    );
    expect(bannerText({ state: 'fatal', reason: 'x', code: 'REALM_DEACTIVATED' })).toBe(
      'This organization has been deactivated.',
    );
  });

  it('a page whose secret the web host refuses is told how to open the app, with no Accounts to try', () => {
    const refused = { state: 'fatal', reason: NOT_THIS_LAUNCH, code: SECRET_REFUSED } as const;
    expect(bannerText(refused)).toBe(NOT_THIS_LAUNCH);
    const { render } = setup();
    render(<ConnectionBanner />);
    act(() => useConnectionStore.getState().setStatus(refused));
    expect(screen.getByTestId('connection-banner-text').textContent).toBe(NOT_THIS_LAUNCH);
    expect(screen.queryByRole('button', { name: 'Accounts' })).toBeNull();
    act(() => useConnectionStore.getState().setStatus({ state: 'fatal', reason: 'Invalid API key' }));
    expect(screen.getByRole('button', { name: 'Accounts' })).toBeTruthy();
  });

  it('offline and fatal states offer no Retry now', () => {
    expect(bannerText({ state: 'offline', reason: 'The network is unavailable.' })).toBe(
      'Offline: The network is unavailable.',
    );
    const { render } = setup();
    render(<ConnectionBanner />);
    act(() =>
      useConnectionStore.getState().setStatus({ state: 'offline', reason: 'The network is unavailable.' }),
    );
    expect(screen.queryByTestId('retry-now')).toBeNull();
  });
});
