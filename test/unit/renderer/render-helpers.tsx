import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ReactNode } from 'react';
import { BridgeContext } from '../../../renderer/src/app/bridge-context';
import { sessionKey } from '../../../renderer/src/api/keys';
import type { InitialState } from '../../../renderer/src/api/model';
import { useNarrowStore } from '../../../renderer/src/state/narrow';
import { FakeBridge } from './fake-bridge';
import { baseState } from './fixtures';

export function setup(state: Partial<InitialState> = baseState()) {
  const bridge = new FakeBridge();
  bridge.startSession(state);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionKey, bridge.current);
  const wrap = (ui: ReactNode) => (
    <BridgeContext.Provider value={bridge}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </BridgeContext.Provider>
  );
  return { bridge, queryClient, render: (ui: ReactNode) => render(wrap(ui)) };
}

/**
 * For a file testing the virtual lists (sidebar, Inbox, Recent conversations): jsdom has no layout,
 * so elements get a size and the lists render rows; after each test the DOM, the mocks and the
 * narrow store start over.
 */
export function withListLayout(): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useNarrowStore.setState(useNarrowStore.getInitialState(), true);
  });
}
