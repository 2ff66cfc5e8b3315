// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionKey } from '../../../../renderer/src/api/keys';
import { StaleDataNotice } from '../../../../renderer/src/components/StaleDataNotice';
import { useConnectionStore } from '../../../../renderer/src/state/connection';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(() => {
  cleanup();
  useConnectionStore.setState(useConnectionStore.getInitialState(), true);
});

describe('StaleDataNotice', () => {
  it('promises no connection once the connection has stopped for good (a revoked key)', () => {
    const { bridge, queryClient, render } = setup({ ...baseState(), realm_name: 'Northwind Labs' });
    queryClient.setQueryData(sessionKey, { ...bridge.current!, stale: true, registeredAt: Date.now() });
    useConnectionStore.setState({
      status: { state: 'reconnecting', failures: 1, retryInMs: 1000, reason: 'Could not reach the server.' },
    });
    render(<StaleDataNotice />);
    expect(screen.getByTestId('stale-notice').textContent).toContain('— reconnecting;');
    act(() => useConnectionStore.setState({ status: { state: 'fatal', reason: 'Invalid API key' } }));
    expect(screen.getByTestId('stale-notice').textContent).toContain('— not connected to Northwind Labs;');
    expect(screen.getByTestId('stale-notice').textContent).not.toMatch(/connecting/);
  });
});
