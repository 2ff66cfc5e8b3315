// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../../../renderer/src/components/AppErrorBoundary';

afterEach(cleanup);

function Broken(): never {
  throw new Error('a part failed to draw');
}

describe('AppErrorBoundary', () => {
  it('shows what happened and the way back instead of a blank window', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByTestId('app-failed').textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload the app' })).toBeTruthy();
    logged.mockRestore();
  });

  it('draws its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByTestId('app-failed')).toBeNull();
  });
});
