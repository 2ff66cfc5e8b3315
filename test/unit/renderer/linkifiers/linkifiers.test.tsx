// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { LinkifiersScreen } from '../../../../renderer/src/features/linkifiers/LinkifiersScreen';
import {
  compilePattern,
  expandTemplate,
  previewSegments,
  templateProblems,
} from '../../../../renderer/src/features/linkifiers/preview';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, decoded } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('linkifier preview (RE2, the server’s engine)', () => {
  it('reads Python named groups and inline flags, and refuses what RE2 cannot run in linear time', () => {
    const compiled = compilePattern('(?i)ops-(?P<id>[0-9]+)');
    expect(compiled.ok && compiled.groups).toEqual(['id']);
    expect(compilePattern('(?P<a>x)(?P=a)')).toEqual({
      ok: false,
      error: 'Bad regular expression: invalid or unsupported Perl syntax: (?P',
    });
    expect(compilePattern('(?P<id>[0-9]+')).toMatchObject({ ok: false });
  });

  it('runs a catastrophic-backtracking pattern on a long sample in linear time', () => {
    const compiled = compilePattern('(?P<id>(a+)+)$');
    const started = performance.now();
    const segments = previewSegments(`${'a'.repeat(30)}!`, compiled, 'https://x.example/{id}');
    expect(performance.now() - started).toBeLessThan(500);
    expect(segments).toEqual([{ text: `${'a'.repeat(30)}!` }]);
    const long = 'a'.repeat(50_000);
    const t = performance.now();
    expect(previewSegments(long, compiled, 'https://x.example/{id}')).toHaveLength(1);
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it('expands {name} percent-encoded, and only into http(s) URLs with a written-out host', () => {
    expect(expandTemplate('https://x.example/{id}', { id: 'a b/c' })).toBe('https://x.example/a%20b%2Fc');
    for (const hostile of [
      'https://x.example/{+path}',
      'https://x.example/p{#frag}',
      '//x.example/{id}',
      'javascript:alert({id})',
      'https://x.example@evil.example/{id}',
      'https://x.example{id}',
      'https://x.example/{id}"onmouseover=alert(1)',
    ])
      expect(expandTemplate(hostile, { id: '1', path: 'p', frag: 'f' }), hostile).toBeNull();
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
    expect(previewSegments('see #12', compiled, 'javascript:go({id})')).toEqual([{ text: 'see #12' }]);
  });

  it('reports template variables the pattern does not name, and groups the template does not use', () => {
    expect(templateProblems(compilePattern('#(?P<id>\\d+)'), 'https://x.example/{num}')).toEqual([
      'The template uses {num}, which the pattern does not name.',
      'The pattern’s group {id} is not used in the template.',
    ]);
    expect(templateProblems(compilePattern('#(?P<id>\\d+)'), 'https://x.example/{+id}')[0]).toMatch(
      /^Invalid URL template\./,
    );
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
    applyEvents(
      queryClient,
      decoded([
        {
          id: 1,
          type: 'realm_linkifiers',
          realm_linkifiers: [
            { id: 4, pattern: 'T(?P<num>[0-9]+)', url_template: 'https://tickets.example/{num}' },
          ],
        },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('linkifier-pattern').textContent).toBe('T(?P<num>[0-9]+)'));
  });

  it('adds, deletes after a confirmation, and reorders through the server', async () => {
    const two = [
      ...linkifiers,
      { id: 5, pattern: 'T(?P<num>[0-9]+)', url_template: 'https://tickets.example/{num}' },
    ];
    const { bridge, render } = setup(baseState({ is_admin: true, role: 200, realm_linkifiers: two }));
    bridge.handlers.createLinkifier = () => ({ id: 6 });
    bridge.handlers.deleteLinkifier = () => ({});
    bridge.handlers.reorderLinkifiers = () => ({});
    render(<LinkifiersScreen />);

    fireEvent.click(screen.getByTestId('linkifier-add'));
    fireEvent.change(screen.getByTestId('linkifier-pattern-input'), {
      target: { value: 'PR-(?P<n>[0-9]+)' },
    });
    fireEvent.change(screen.getByTestId('linkifier-template-input'), {
      target: { value: 'https://code.example/pull/{n}' },
    });
    fireEvent.click(screen.getByTestId('linkifier-save'));
    await waitFor(() => expect(screen.queryByTestId('linkifier-form')).toBeNull());
    expect(bridge.callsTo('createLinkifier')).toEqual([
      { pattern: 'PR-(?P<n>[0-9]+)', url_template: 'https://code.example/pull/{n}' },
    ]);

    const second = screen.getByTestId('linkifier-5');
    expect(
      screen.getByTestId('linkifier-4').querySelector<HTMLButtonElement>('[data-testid="linkifier-move-up"]')!
        .disabled,
    ).toBe(true);
    fireEvent.click(second.querySelector('[data-testid="linkifier-move-up"]')!);
    await waitFor(() =>
      expect(bridge.callsTo('reorderLinkifiers')).toEqual([{ ordered_linkifier_ids: [5, 4] }]),
    );

    fireEvent.click(second.querySelector('[data-testid="linkifier-delete"]')!);
    expect(bridge.callsTo('deleteLinkifier')).toEqual([]);
    fireEvent.click(second.querySelector('[data-testid="linkifier-delete-confirm"]')!);
    await waitFor(() => expect(bridge.callsTo('deleteLinkifier')).toEqual([{ filter_id: 5 }]));
  });

  it('lets non-administrators read but not edit', () => {
    const { render } = setup(baseState({ is_admin: false, role: 400, realm_linkifiers: linkifiers }));
    render(<LinkifiersScreen />);
    expect(screen.getByTestId('linkifier-pattern').textContent).toBe('#(?P<id>[0-9]+)');
    expect(screen.queryByTestId('linkifier-edit')).toBeNull();
  });

  it('names each row’s buttons by its pattern', () => {
    const { render } = setup(baseState({ is_admin: true, role: 200, realm_linkifiers: linkifiers }));
    render(<LinkifiersScreen />);
    // As its ↑ and ↓ are: a screen reader's list of buttons says which row each is in.
    const pattern = '#(?P<id>[0-9]+)';
    expect(screen.getByRole('button', { name: `Edit ${pattern}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Delete ${pattern}` })).toBeTruthy();
  });

  it('offers no ↑ and ↓ on a server that cannot reorder linkifiers (before level 202)', () => {
    const two = [
      ...linkifiers,
      { id: 5, pattern: 'PR-(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' },
    ];
    const older = (level: number) =>
      baseState({ is_admin: true, role: 200, realm_linkifiers: two, service_feature_level: level });
    const { render } = setup(older(201));
    const { unmount } = render(<LinkifiersScreen />);
    expect(screen.getAllByTestId('linkifier-edit')).toHaveLength(2);
    expect(screen.queryByTestId('linkifier-move-up')).toBeNull();
    expect(screen.queryByTestId('linkifier-move-down')).toBeNull();
    unmount();

    setup(older(202)).render(<LinkifiersScreen />);
    expect(screen.getAllByTestId('linkifier-move-down')).toHaveLength(2);
  });
});
