import { Component, Suspense, use, type ComponentType, type ReactNode } from 'react';

/**
 * Screens and dialogs the first screen does not need live in chunks of their own, loaded on first
 * use (or earlier: `preload` on intent, `preloadAll` once the app is idle). Unlike React.lazy, a
 * chunk that failed to load (a network blip, an app updated underneath) is tried again on Retry
 * (LazyBoundary) or on the next preload.
 */
export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading (once); resolves when the component can render without suspending. */
  preload(): Promise<void>;
}

const everyLazy = new Set<() => Promise<void>>();
/** Forgets each failed load, so that the next render or preload asks again. */
const failedLoads = new Set<() => void>();

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const forget = () => {
    pending = null;
    failedLoads.delete(forget);
  };
  // A failed load stays failed (each render shows the failure) until Retry or a preload forgets it.
  const start = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        failedLoads.add(forget);
        throw error;
      },
    ));
  const preload = () => {
    if (failedLoads.has(forget)) forget();
    return start().then(
      () => undefined,
      () => undefined,
    );
  };
  everyLazy.add(preload);
  function Lazy(props: P) {
    const Loaded = loaded ?? use(start());
    return <Loaded {...props} />;
  }
  return Object.assign(Lazy, { preload });
}

/** Loads every lazy component defined so far; failures are left for the screen to report. */
export function preloadAll(): Promise<void> {
  return Promise.all([...everyLazy].map((preload) => preload())).then(() => undefined);
}

interface BoundaryProps {
  /** Shown while the chunk loads: the frame of what is coming, so nothing jumps when it arrives. */
  fallback: ReactNode;
  /** Wraps the failure message, e.g. in the same frame as the fallback. */
  frame?: (content: ReactNode) => ReactNode;
  children: ReactNode;
}

/**
 * Suspense for a lazy component, and a failed load shown with Retry rather than a blank screen.
 * Retry asks again; if that fails too (the app was updated underneath and the chunk is gone, or the
 * host is still unreachable), the next offer is to reload the app, which reopens the settings screen
 * from the address (a dialog is closed).
 */
export class LazyBoundary extends Component<BoundaryProps, { failed: boolean; retried: boolean }> {
  override state = { failed: false, retried: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    const { fallback, frame = (content: ReactNode) => content, children } = this.props;
    if (this.state.failed)
      return frame(
        <div className="state state-error" role="alert" data-testid="lazy-failed">
          <span>This part of the app could not be loaded.</span>
          {this.state.retried ? (
            <button
              type="button"
              className="btn btn-small"
              data-testid="lazy-reload"
              onClick={() => window.location.reload()}
            >
              Reload the app
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-small"
              data-testid="lazy-retry"
              onClick={() => {
                for (const forget of [...failedLoads]) forget();
                this.setState({ failed: false, retried: true });
              }}
            >
              Retry
            </button>
          )}
        </div>,
      );
    return <Suspense fallback={fallback}>{children}</Suspense>;
  }
}
