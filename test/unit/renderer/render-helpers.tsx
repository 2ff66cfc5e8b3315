import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BridgeContext } from '../../../renderer/src/app/bridge-context';
import { sessionKey } from '../../../renderer/src/api/keys';
import type { InitialState } from '../../../renderer/src/api/model';
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
