// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { LinkifiersScreen } from '../../../../renderer/src/features/linkifiers/LinkifiersScreen';
import {
  compilePattern,
  expandTemplate,
  previewSegments,
  pythonToJsPattern,
  templateProblems,
} from '../../../../renderer/src/features/linkifiers/preview';
import { apiError, FailWith } from '../fake-bridge';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('linkifier preview', () => {
  it('converts Python named groups, back-references and inline flags', () => {
    expect(pythonToJsPattern('#(?P<id>[0-9]+)')).toEqual({ source: '#(?<id>[0-9]+)', flags: '' });
    expect(pythonToJsPattern('(?i)(?P<a>x)(?P=a)')).toEqual({ source: '(?<a>x)\\k<a>', flags: 'i' });
  });

  it('expands RFC 6570 expressions', () => {
    expect(expandTemplate('https://x.example/{id}', { id: 'a b/c' })).toBe('https://x.example/a%20b%2Fc');
    expect(expandTemplate('https://x.example/{+path}', { path: 'a/b c' })).toBe('https://x.example/a/b%20c');
    expect(expandTemplate('https://x.example/p{#frag}', { frag: 'top' })).toBe('https://x.example/p#top');
  });

  it('shows which text links where', () => {
    const compiled = compilePattern('#(?P<id>[0-9]+)');
    expect(previewSegments('see #12 and #7.', compiled, 'https://tracker.example/issues/{id}')).toEqual([
      { text: 'see ' },
      { text: '#12', url: 'https://tracker.example/issues/12' },
      { text: ' and ' },
      { text: '#7', url: 'https://tracker.example/issues/7' },
      { text: '.' },
    ]);
  });

  it('reports invalid patterns and template variables the pattern does not name', () => {
    expect(compilePattern('(?P<id>[0-9]+').ok).toBe(false);
    expect(templateProblems(compilePattern('#(?P<id>\\d+)'), 'https://x.example/{num}')).toEqual([
      'The template uses {num}, which the pattern does not name.',
    ]);
  });
});

describe('LinkifiersScreen', () => {
  const linkifiers = [
    { id: 4, pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/issues/{id}' },
  ];

  it('edits pattern and template with a live tester, and shows the server refusal', async () => {
    const { bridge, render, queryClient } = setup(
      baseState({ is_admin: true, role: 200, realm_linkifiers: linkifiers }),
    );
    let fail = true;
    bridge.handlers.updateLinkifier = () => {
      if (fail) throw new FailWith(apiError('BAD_REQUEST', 'Invalid URL template.'));
      return {};
    };
    render(<LinkifiersScreen />);
    fireEvent.click(screen.getByTestId('linkifier-edit'));
    fireEvent.change(screen.getByTestId('linkifier-pattern-input'), {
      target: { value: 'T(?P<num>[0-9]+)' },
    });
    expect(screen.getByTestId('linkifier-problems').textContent).toContain('{id}');
    expect(screen.getByTestId('linkifier-save')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('linkifier-template-input'), {
      target: { value: 'https://tickets.example/{num}' },
    });
    fireEvent.change(screen.getByTestId('linkifier-sample'), { target: { value: 'Fixed in T42, not #42' } });
    expect(screen.getByTestId('linkifier-matches').textContent).toBe('T42 → https://tickets.example/42');
    fireEvent.click(screen.getByTestId('linkifier-save'));
    expect((await screen.findByTestId('linkifier-error')).textContent).toContain('Invalid URL template.');
    fail = false;
    fireEvent.click(screen.getByTestId('linkifier-save'));
    await waitFor(() => expect(screen.queryByTestId('linkifier-form')).toBeNull());
    expect(bridge.callsTo('updateLinkifier')[1]).toEqual({
      filter_id: 4,
      pattern: 'T(?P<num>[0-9]+)',
      url_template: 'https://tickets.example/{num}',
    });
    applyEvents(queryClient, [
      {
        id: 1,
        type: 'realm_linkifiers',
        realm_linkifiers: [
          { id: 4, pattern: 'T(?P<num>[0-9]+)', url_template: 'https://tickets.example/{num}' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('linkifier-pattern').textContent).toBe('T(?P<num>[0-9]+)'));
  });

  it('lets non-administrators read but not edit', () => {
    const { render } = setup(baseState({ is_admin: false, role: 400, realm_linkifiers: linkifiers }));
    render(<LinkifiersScreen />);
    expect(screen.getByTestId('linkifier-pattern').textContent).toBe('#(?P<id>[0-9]+)');
    expect(screen.queryByTestId('linkifier-edit')).toBeNull();
  });
});
