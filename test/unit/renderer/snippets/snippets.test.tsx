// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { Compose } from '../../../../renderer/src/features/compose/Compose';
import { insertAt } from '../../../../renderer/src/features/snippets/snippets';
import { SnippetsScreen } from '../../../../renderer/src/features/snippets/SnippetsScreen';
import { useComposeStore } from '../../../../renderer/src/state/compose';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, decoded } from '../fixtures';
import { setup } from '../render-helpers';

beforeEach(() => {
  localStorage.clear();
  useComposeStore.setState({ drafts: {}, topics: {} });
});
afterEach(cleanup);

const snippets = [
  { id: 1, title: 'Greeting', content: 'Hello and welcome!' },
  { id: 2, title: 'Runbook', content: 'See the runbook in the wiki.' },
];
const state = () =>
  baseState({
    saved_snippets: snippets,
    user_settings: { enter_sends: true, enable_drafts_synchronization: false },
  });

describe('insertAt', () => {
  it('replaces the selection and puts the caret after the snippet', () => {
    expect(insertAt('Hi  there', 'Bob', 3, 3)).toEqual({ text: 'Hi Bob there', caret: 6 });
    expect(insertAt('Hi XX', 'Ann', 3, 5)).toEqual({ text: 'Hi Ann', caret: 6 });
    expect(insertAt('end', '!', null, null)).toEqual({ text: 'end!', caret: 4 });
  });
});

describe('snippets in the compose box', () => {
  it('inserts a snippet at the cursor', () => {
    const { render, bridge } = setup(state());
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={{ kind: 'topic', streamId: 1, topic: 'x' }} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Hi, ' } });
    input.setSelectionRange(4, 4);
    fireEvent.click(screen.getByTestId('compose-snippets'));
    fireEvent.click(screen.getByTestId('insert-snippet-1'));
    expect(input.value).toBe('Hi, Hello and welcome!');
    expect(screen.queryByTestId('snippet-popover')).toBeNull();
  });

  it('shows the snippet Enter inserts; ↓ and ↑ in the search choose another, and Enter inserts that one', () => {
    const { render, bridge } = setup(state());
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={{ kind: 'topic', streamId: 1, topic: 'arrows' }} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    fireEvent.click(screen.getByTestId('compose-snippets'));
    const search = screen.getByTestId('snippet-search');
    const chosen = () => screen.getAllByRole('option', { selected: true }).map((o) => o.textContent);
    expect(chosen()).toEqual([expect.stringContaining('Greeting')]);
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getByTestId('insert-snippet-1').id);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(chosen()).toEqual([expect.stringContaining('Runbook')]);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(chosen()).toEqual([expect.stringContaining('Greeting')]);
    fireEvent.keyDown(search, { key: 'ArrowUp' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(input.value).toBe('See the runbook in the wiki.');
    expect(screen.queryByTestId('snippet-popover')).toBeNull();
  });

  it('saves the message as a snippet; an empty title is refused before asking, the server’s refusals shown', async () => {
    const { render, bridge } = setup(state());
    bridge.handlers.setTypingStatus = () => ({});
    bridge.handlers.createSavedSnippet = (p) => {
      if (p.title === 'Taken') throw new FailWith(apiError('BAD_REQUEST', 'Not today.'));
      return { saved_snippet_id: 3 };
    };
    render(<Compose narrow={{ kind: 'topic', streamId: 1, topic: 'x' }} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'Standup at 10' } });
    fireEvent.click(screen.getByTestId('compose-snippets'));
    fireEvent.click(screen.getByTestId('snippet-from-compose'));
    expect((screen.getByTestId('snippet-content') as HTMLTextAreaElement).value).toBe('Standup at 10');
    fireEvent.click(screen.getByTestId('snippet-save'));
    expect((await screen.findByTestId('snippet-error')).textContent).toBe(
      'Not saved: Give the snippet a title.',
    );
    fireEvent.change(screen.getByTestId('snippet-title'), { target: { value: 'x'.repeat(61) } });
    fireEvent.click(screen.getByTestId('snippet-save'));
    expect(screen.getByTestId('snippet-error').textContent).toBe(
      'Not saved: Keep the title to 60 characters (it has 61).',
    );
    fireEvent.change(screen.getByTestId('snippet-title'), { target: { value: 'Taken' } });
    fireEvent.change(screen.getByTestId('snippet-content'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('snippet-save'));
    expect(screen.getByTestId('snippet-error').textContent).toBe('Not saved: Give the snippet some text.');
    fireEvent.change(screen.getByTestId('snippet-content'), { target: { value: 'Standup at 10' } });
    fireEvent.click(screen.getByTestId('snippet-save'));
    expect((await screen.findByTestId('snippet-error')).textContent).toBe('Not saved: Not today.');
    // What was typed is all still there.
    expect((screen.getByTestId('snippet-content') as HTMLTextAreaElement).value).toBe('Standup at 10');
    fireEvent.change(screen.getByTestId('snippet-title'), { target: { value: 'Standup' } });
    fireEvent.click(screen.getByTestId('snippet-save'));
    await waitFor(() => expect(screen.queryByTestId('snippet-popover')).toBeNull());
    expect(bridge.callsTo('createSavedSnippet')).toEqual([
      { title: 'Taken', content: 'Standup at 10' },
      { title: 'Standup', content: 'Standup at 10' },
    ]);
  });
});

describe('SnippetsScreen', () => {
  it('lists, follows events and deletes', async () => {
    const { render, bridge, queryClient } = setup(state());
    bridge.handlers.deleteSavedSnippet = () => ({});
    render(<SnippetsScreen />);
    expect(screen.getByTestId('snippet-2').textContent).toContain('Runbook');
    applyEvents(
      queryClient,
      decoded([
        {
          id: 1,
          type: 'saved_snippets',
          op: 'add',
          saved_snippet: { id: 4, title: 'Thanks', content: 'Thank you!' },
        },
      ]),
    );
    expect((await screen.findByTestId('snippet-4')).textContent).toContain('Thank you!');
    applyEvents(
      queryClient,
      decoded([
        {
          id: 2,
          type: 'saved_snippets',
          op: 'update',
          saved_snippet: { id: 4, title: 'Thanks', content: 'Many thanks!' },
        },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('snippet-4').textContent).toContain('Many thanks!'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete snippet Runbook' }));
    await waitFor(() => expect(bridge.callsTo('deleteSavedSnippet')).toEqual([{ saved_snippet_id: 2 }]));
  });
});

describe('a snippet being edited, changed on another device meanwhile', () => {
  it('a field left alone follows the new value, and saving sends only the field typed in', async () => {
    const { render, bridge, queryClient } = setup(state());
    bridge.handlers.updateSavedSnippet = () => ({});
    render(<SnippetsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit snippet Runbook' }));
    fireEvent.change(screen.getByTestId('snippet-edit-content'), { target: { value: 'The runbook moved.' } });
    act(() =>
      applyEvents(
        queryClient,
        decoded([
          {
            id: 1,
            type: 'saved_snippets',
            op: 'update',
            saved_snippet: { id: 2, title: 'Ops runbook', content: 'See the runbook in the wiki.' },
          },
        ]),
      ),
    );
    await waitFor(() =>
      expect((screen.getByTestId('snippet-edit-title') as HTMLInputElement).value).toBe('Ops runbook'),
    );
    expect((screen.getByTestId('snippet-edit-content') as HTMLTextAreaElement).value).toBe(
      'The runbook moved.',
    );
    fireEvent.click(screen.getByTestId('snippet-edit-save'));
    await waitFor(() =>
      expect(bridge.callsTo('updateSavedSnippet')).toEqual([
        { saved_snippet_id: 2, content: 'The runbook moved.' },
      ]),
    );
  });
});

describe('a server older than saved snippets (feature level 297) or than editing them (368)', () => {
  const older = (level: number, withSnippets: boolean) => {
    const { saved_snippets, ...rest } = state();
    return { ...rest, ...(withSnippets ? { saved_snippets } : {}), service_feature_level: level };
  };

  it('the screen says the server has none instead of loading for ever, and offers no form', () => {
    const { render } = setup(older(250, false));
    render(<SnippetsScreen />);
    expect(screen.queryByTestId('loading')).toBeNull();
    expect(screen.getByTestId('snippets-unsupported').textContent).toContain(
      'This server does not keep saved snippets',
    );
    expect(screen.queryByTestId('snippet-form')).toBeNull();
  });

  it('the compose box has no Snippets button', () => {
    const { render, bridge } = setup(older(250, false));
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={{ kind: 'topic', streamId: 1, topic: 'old server' }} />);
    expect(screen.getByTestId('compose-input')).toBeTruthy();
    expect(screen.queryByTestId('compose-snippets')).toBeNull();
  });

  it('before editing exists, snippets are listed and deleted, with no Edit to fail', () => {
    const { render } = setup(older(300, true));
    render(<SnippetsScreen />);
    expect(screen.getByTestId('snippet-2').textContent).toContain('Runbook');
    expect(screen.getByRole('button', { name: 'Delete snippet Runbook' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit snippet Runbook' })).toBeNull();
    expect(screen.getByTestId('snippet-form')).toBeTruthy();
  });
});

describe('a new snippet whose answer was lost', () => {
  const lostAnswer = () => {
    throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
  };
  const fillAndSave = (title: string, content: string) => {
    fireEvent.change(screen.getByTestId('snippet-title'), { target: { value: title } });
    fireEvent.change(screen.getByTestId('snippet-content'), { target: { value: content } });
    fireEvent.click(screen.getByTestId('snippet-save'));
  };

  it('counts as saved when the server has it: the form empties, no error, nothing sent twice', async () => {
    const { render, bridge } = setup(state());
    bridge.handlers.createSavedSnippet = lostAnswer;
    bridge.handlers.getSavedSnippets = () => ({
      saved_snippets: [...snippets, { id: 3, title: 'Standup', content: 'Yesterday, today, blockers.' }],
    });
    render(<SnippetsScreen />);
    fillAndSave(' Standup ', 'Yesterday, today, blockers.');
    await waitFor(() => expect((screen.getByTestId('snippet-title') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByTestId('snippet-error')).toBeNull();
    expect(bridge.callsTo('createSavedSnippet')).toHaveLength(1);
  });

  it('is reported when the server has no new one with those words (the same words saved earlier do not count)', async () => {
    const { render, bridge } = setup(state());
    bridge.handlers.createSavedSnippet = lostAnswer;
    bridge.handlers.getSavedSnippets = () => ({ saved_snippets: snippets });
    render(<SnippetsScreen />);
    fillAndSave('Greeting', 'Hello and welcome!');
    expect((await screen.findByTestId('snippet-error')).textContent).toMatch(/could not reach the server/i);
    expect((screen.getByTestId('snippet-title') as HTMLInputElement).value).toBe('Greeting');
    expect(bridge.callsTo('getSavedSnippets')).toHaveLength(1);
  });
});
