// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHeldHighlight } from '../../../../renderer/src/components/held-highlight';

const key = (item: string) => item;

function held(items: string[], start: 0 | -1, scope = '') {
  return renderHook(({ list, query }) => useHeldHighlight(list, key, start, query), {
    initialProps: { list: items, query: scope },
  });
}

describe('useHeldHighlight', () => {
  afterEach(cleanup);

  it('keeps the first entry shown highlighted when another comes before it', () => {
    const hook = held(['b', 'c'], 0);
    expect(hook.result.current.current).toBe(0);
    hook.rerender({ list: ['a', 'b', 'c'], query: '' });
    expect(hook.result.current.current).toBe(1);
  });

  it('keeps the chosen entry as the list reorders, and its place once it is gone', () => {
    const hook = held(['a', 'b', 'c'], -1);
    expect(hook.result.current.current).toBe(-1);
    act(() => hook.result.current.highlight(1));
    hook.rerender({ list: ['c', 'a', 'b'], query: '' });
    expect(hook.result.current.current).toBe(2);
    hook.rerender({ list: ['c', 'a'], query: '' });
    expect(hook.result.current.current).toBe(1);
  });

  it('starts again when the query changes, or on reset', () => {
    const hook = held(['a', 'b'], 0, 'x');
    act(() => hook.result.current.highlight(1));
    hook.rerender({ list: ['b', 'a'], query: 'xy' });
    expect(hook.result.current.current).toBe(0);
    act(() => hook.result.current.highlight(1));
    act(() => hook.result.current.reset());
    expect(hook.result.current.current).toBe(0);
  });
});
