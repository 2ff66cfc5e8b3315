import '../../shared/zod-jitless';
import { launchCalls } from './app/launch-start';
import { notifyManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppErrorBoundary } from './components/AppErrorBoundary';
import { launchQueryClient } from './app/launch-client';
import { getBridge } from './bridge';
import './styles/app.css';

// Query updates reach components at the end of the task that made them rather than in a task of
// their own (TanStack's default is setTimeout 0): an event batch is applied and drawn in one go, so
// a burst of messages does not queue a render task behind every network message (npm run bench, 1).
notifyManager.setScheduler(queueMicrotask);

const queryClient = launchQueryClient(getBridge(), launchCalls);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppErrorBoundary>
      <App bridge={getBridge()} queryClient={queryClient} />
    </AppErrorBoundary>
  </StrictMode>,
);
