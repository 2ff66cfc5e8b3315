// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyBoundary, lazyComponent, preloadAll } from '../../../../renderer/src/components/lazy';

// Screens and dialogs split from the first bundle: a loading state while the chunk comes, then the
// screen; a chunk that fails shows Retry (not a blank screen), and Retry loads it again.

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  return <p data-testid="greeting">Hello {name}</p>;
}

/** Rendered in an awaited act: React retries a suspended render only for an awaited act scope. */
async function renderInBoundary(node: ReactNode) {
  await act(async () => {
    render(<LazyBoundary fallback={<p data-testid="fallback">Loading…</p>}>{node}</LazyBoundary>);
  });
}

describe('lazyComponent', () => {
  it('shows the loading state until the chunk has loaded, then the component with its props', async () => {
    const chunk = deferred<typeof Greeting>();
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(() => {
      loads++;
      return chunk.promise;
    });
    await renderInBoundary(<Lazy name="Ada" />);
    expect(screen.getByTestId('fallback')).toBeTruthy();
    expect(screen.queryByTestId('greeting')).toBeNull();
    await act(async () => chunk.resolve(Greeting));
    // React may hold a just-shown fallback for a moment before revealing the content.
    expect((await screen.findByTestId('greeting')).textContent).toBe('Hello Ada');
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(loads).toBe(1);
  });

  it('renders at once, without a loading state, once preloaded', async () => {
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(async () => {
      loads++;
      return Greeting;
    });
    await Lazy.preload();
    await Lazy.preload();
    await renderInBoundary(<Lazy name="Ben" />);
    expect(screen.getByTestId('greeting').textContent).toBe('Hello Ben');
    expect(loads).toBe(1);
  });

  it('shows a failed load with Retry, and Retry loads the chunk again', async () => {
    const attempts = [deferred<typeof Greeting>(), deferred<typeof Greeting>()];
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(() => attempts[loads++]!.promise);
    await renderInBoundary(<Lazy name="Cy" />);
    await act(async () => attempts[0]!.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect((await screen.findByTestId('lazy-failed')).textContent).toContain('could not be loaded');
    expect(screen.queryByTestId('greeting')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByTestId('lazy-retry'));
    });
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => attempts[1]!.resolve(Greeting));
    expect((await screen.findByTestId('greeting')).textContent).toBe('Hello Cy');
    expect(loads).toBe(2);
  });

  it('offers to reload the app when the retry fails too', async () => {
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(() => {
      loads++;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    await renderInBoundary(<Lazy name="Flo" />);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('lazy-retry'));
    });
    expect(await screen.findByTestId('lazy-reload')).toBeTruthy();
    expect(screen.queryByTestId('lazy-retry')).toBeNull();
    expect(loads).toBe(2);
  });

  it('preloadAll loads every lazy component, and a failure there is left for the screen to report', async () => {
    let loaded = false;
    const Lazy = lazyComponent<{ name: string }>(async () => {
      loaded = true;
      return Greeting;
    });
    const Failing = lazyComponent<{ name: string }>(() => Promise.reject(new Error('offline')));
    await expect(preloadAll()).resolves.toBeUndefined();
    expect(loaded).toBe(true);
    await renderInBoundary(<Lazy name="Di" />);
    expect(screen.getByTestId('greeting').textContent).toBe('Hello Di');
    await renderInBoundary(<Failing name="Ed" />);
    expect(await screen.findByTestId('lazy-failed')).toBeTruthy();
  });
});
