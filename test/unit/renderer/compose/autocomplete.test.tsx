// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Compose } from '../../../../renderer/src/features/compose/Compose';
import * as people from '../../../../renderer/src/features/compose/autocomplete/people';
import { useComposeStore } from '../../../../renderer/src/state/compose';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

// The autocomplete wired into the compose box (jsdom has no execCommand: the setRangeText path).

afterEach(() => {
  cleanup();
  act(() => useComposeStore.setState(useComposeStore.getInitialState(), true));
});

const narrow = { kind: 'topic' as const, streamId: 1, topic: 'greetings' };

function type(input: HTMLTextAreaElement, value: string) {
  fireEvent.input(input, { target: { value } });
}

describe('compose autocomplete', () => {
  it('offers people for @, Enter picks instead of sending, the next Enter sends', async () => {
    const { bridge, render } = setup(baseState());
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    fireEvent.focus(input);
    type(input, 'hi @oth');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    // The combobox is named, as its textarea is.
    expect(screen.getByRole('combobox', { name: 'Message' }).getAttribute('aria-expanded')).toBe('true');
    const option = screen.getByRole('option', { selected: true });
    expect(option.textContent).toContain('Other Person');
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(input.getAttribute('aria-controls')).toBe(list.id);

    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe('hi @**Other Person** '));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(bridge.outboxEntries).toHaveLength(0);

    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(bridge.outboxEntries.map((e) => e.content)).toEqual(['hi @**Other Person**']));
  });

  it('arrows wrap around the list, Tab picks, Esc closes the list until the query changes', async () => {
    const { bridge, render } = setup(baseState());
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    fireEvent.focus(input);
    type(input, '@person');
    await screen.findByRole('listbox');
    const selected = () => screen.getByRole('option', { selected: true }).textContent;
    expect(screen.getAllByRole('option').map((o) => o.querySelector('.ac-label')?.textContent)).toEqual([
      'Other Person',
      'Self Person',
      'Third Person',
    ]);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toContain('Third Person');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toContain('Other Person');

    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    type(input, '@perso');
    await screen.findByRole('listbox');
    expect(selected()).toContain('Other Person');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Tab' });
    await waitFor(() => expect(input.value).toBe('@**Third Person** '));
  });

  it('channels for #, and nothing when the textarea is not focused', async () => {
    const { bridge, render } = setup(baseState());
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    type(input, 'see #des');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.focus(input);
    type(input, 'see #desi');
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe('see #**design** '));
  });
});

describe('the people index behind @', () => {
  it('is built once, when the window is idle after a compose box appears, and shared by every compose box', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const built = vi.spyOn(people, 'buildMentionIndex');
    try {
      const { bridge, render } = setup(baseState());
      bridge.handlers.setTypingStatus = () => ({});
      render(
        <>
          <Compose narrow={narrow} />
          <Compose narrow={{ kind: 'topic', streamId: 1, topic: 'other' }} />
        </>,
      );
      expect(built).not.toHaveBeenCalled();
      act(() => idle.splice(0).forEach((callback) => callback()));
      expect(built).toHaveBeenCalledTimes(1);

      const input = screen.getAllByTestId('compose-input')[0] as HTMLTextAreaElement;
      fireEvent.focus(input);
      type(input, '@oth');
      expect((await screen.findByRole('option', { selected: true })).textContent).toContain('Other Person');
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      cleanup();
      built.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
