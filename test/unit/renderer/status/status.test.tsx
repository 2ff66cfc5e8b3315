// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEvents } from '../../../../renderer/src/events/apply';
import {
  formOfStatus,
  statusLength,
  statusUpdate,
} from '../../../../renderer/src/features/status/status-form';
import { StatusEditor } from '../../../../renderer/src/features/status/StatusEditor';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, SELF, decoded } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('status form', () => {
  it('counts characters as code points, like the server', () => {
    expect(statusLength('🌴 away')).toBe(6);
    expect('🌴 away'.length).toBe(7);
  });

  it('sends only what changed, and clears a removed emoji with an empty name', () => {
    const before = formOfStatus({
      status_text: 'lunch',
      emoji_name: 'taco',
      emoji_code: '1f32e',
      reaction_type: 'unicode_emoji',
    });
    expect(statusUpdate(before, before)).toBeNull();
    expect(statusUpdate(before, { ...before, text: 'back soon' })).toEqual({ status_text: 'back soon' });
    expect(statusUpdate(before, { ...before, emoji: null })).toEqual({ emoji_name: '' });
    expect(
      statusUpdate(before, {
        ...before,
        emoji: { emoji_name: 'northwind', emoji_code: '1', reaction_type: 'realm_emoji' },
      }),
    ).toEqual({ emoji_name: 'northwind', emoji_code: '1', reaction_type: 'realm_emoji' });
  });
});

describe('StatusEditor', () => {
  it('refuses more than 60 characters before sending', () => {
    const { bridge, render } = setup(baseState());
    render(<StatusEditor />);
    fireEvent.change(screen.getByTestId('status-text'), { target: { value: 'x'.repeat(61) } });
    expect(screen.getByTestId('status-counter').textContent).toBe('61/60');
    expect(screen.getByTestId('status-too-long')).toBeTruthy();
    expect(screen.getByTestId('status-save')).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('status-text').closest('form')!);
    expect(bridge.callsTo('updateStatus')).toEqual([]);
  });

  it('sends text and a picked emoji, and shows server errors in words', async () => {
    const { bridge, render } = setup(
      baseState({ realm_emoji: { '1': { id: '1', name: 'northwind', source_url: '/e.svg' } } }),
    );
    bridge.handlers.updateStatus = () => {
      throw new FailWith(apiError('BAD_REQUEST', "Emoji 'northwind' does not exist"));
    };
    render(<StatusEditor />);
    fireEvent.change(screen.getByTestId('status-text'), { target: { value: 'In a meeting' } });
    fireEvent.click(screen.getByTestId('status-emoji'));
    fireEvent.click(await screen.findByTestId('emoji-northwind'));
    fireEvent.click(screen.getByTestId('status-save'));
    expect((await screen.findByTestId('status-error')).textContent).toContain(
      "Emoji 'northwind' does not exist",
    );
    expect(bridge.callsTo('updateStatus')).toEqual([
      { status_text: 'In a meeting', emoji_name: 'northwind', emoji_code: '1', reaction_type: 'realm_emoji' },
    ]);
    expect((screen.getByTestId('status-text') as HTMLInputElement).value).toBe('In a meeting');
  });

  it('clears the status and follows user_status events', async () => {
    const { bridge, render, queryClient } = setup(
      baseState({
        user_status: {
          [SELF]: {
            status_text: 'Vacation',
            emoji_name: 'palm_tree',
            emoji_code: '1f334',
            reaction_type: 'unicode_emoji',
          },
        },
      }),
    );
    bridge.handlers.updateStatus = () => ({});
    render(<StatusEditor />);
    expect((screen.getByTestId('status-text') as HTMLInputElement).value).toBe('Vacation');
    fireEvent.click(screen.getByTestId('status-clear'));
    await waitFor(() =>
      expect(bridge.callsTo('updateStatus')).toEqual([{ status_text: '', emoji_name: '' }]),
    );
    applyEvents(
      queryClient,
      decoded([
        {
          id: 9,
          type: 'user_status',
          user_id: SELF,
          status_text: '',
          emoji_name: '',
          emoji_code: '',
          reaction_type: '',
        },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('status-clear')).toHaveProperty('disabled', true));
    expect(screen.getByTestId('status-saved')).toBeTruthy();
  });

  it('a status saved elsewhere does not overwrite what is typed here and not saved; an untouched field follows it', async () => {
    const { render, queryClient } = setup(baseState({ user_status: {} }));
    render(<StatusEditor />);
    const text = screen.getByTestId('status-text') as HTMLInputElement;
    fireEvent.change(text, { target: { value: 'my unsaved words' } });
    const savedElsewhere = (statusText: string, emojiName: string, emojiCode: string) =>
      applyEvents(
        queryClient,
        decoded([
          {
            id: 10,
            type: 'user_status',
            user_id: SELF,
            status_text: statusText,
            emoji_name: emojiName,
            emoji_code: emojiCode,
            reaction_type: emojiName ? 'unicode_emoji' : '',
          },
        ]),
      );
    savedElsewhere('In a meeting', 'calendar', '1f4c6');
    await waitFor(() =>
      expect(screen.getByTestId('status-emoji').getAttribute('aria-label')).toContain('calendar'),
    );
    expect(text.value).toBe('my unsaved words');
    // Typed back to what was saved before: untouched, so it follows the next change.
    fireEvent.change(text, { target: { value: 'In a meeting' } });
    savedElsewhere('', '', '');
    await waitFor(() => expect(text.value).toBe(''));
  });
});
