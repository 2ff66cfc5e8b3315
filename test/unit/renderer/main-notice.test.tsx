// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MainNotice } from '../../../renderer/src/components/MainNotice';
import { setup } from './render-helpers';

describe('MainNotice', () => {
  it('shows what main says about refused calls, until dismissed', async () => {
    const { bridge, render } = setup();
    render(<MainNotice />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() =>
      bridge.notice({ kind: 'calls_refused', refused: 4850, message: 'some requests were not sent' }),
    );
    expect(screen.getByRole('alert').textContent).toContain('some requests were not sent');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
