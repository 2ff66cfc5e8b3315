import { Component, type ReactNode } from 'react';

/**
 * The last net under the whole window: a part that fails while drawing (a bug, a chunk gone after
 * an update) leaves a message with a way back instead of a blank window. Nothing the user wrote is
 * lost by reloading: drafts are kept on this computer and unsent messages in main's outbox.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The window stopped drawing', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="state state-error app-failed" role="alert" data-testid="app-failed">
        <p>Something went wrong while drawing this window.</p>
        <p className="muted small">Your drafts and the messages not yet sent are kept.</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload the app
        </button>
      </div>
    );
  }
}
