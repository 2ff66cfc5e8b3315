// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MainNotice } from '../../../renderer/src/components/MainNotice';
import { showNotice } from '../../../renderer/src/state/notice';
import { setup } from './render-helpers';

afterEach(cleanup);

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

  it('shows what an action without a place on screen could not do, replacing an older notice', () => {
    const { bridge, render } = setup();
    render(<MainNotice />);
    act(() => bridge.notice({ kind: 'calls_refused', refused: 1, message: 'a request was not sent' }));
    act(() => showNotice('Message not starred: Invalid message(s).'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('Message not starred: Invalid message(s).');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
