// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../renderer/src/api/model';
import { PeopleChecklist } from '../../../../renderer/src/features/users/PeopleChecklist';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

const person = (i: number): User =>
  ({
    user_id: 1000 + i,
    email: `p${i}@big.example`,
    full_name: `Person ${String(i).padStart(5, '0')}`,
  }) as User;

describe('PeopleChecklist', () => {
  it('over 20,000 people: renders the chosen first and 60 in all, and a search finds the rest', () => {
    const people = Array.from({ length: 20_000 }, (_, i) => person(i));
    const { render } = setup(baseState({ realm_users: people }));
    const onToggle = vi.fn();
    render(
      <PeopleChecklist
        selected={[1000 + 19_999]}
        onToggle={onToggle}
        testIdFor={(u) => `pick-${u.user_id}`}
        searchTestId="pick-search"
      />,
    );
    const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes()).toHaveLength(60);
    expect(boxes()[0]!.dataset.testid).toBe('pick-20999');
    expect(boxes()[0]!.checked).toBe(true);
    expect(screen.getByText(/more: search to find them/).textContent).toContain('19,940 more');

    fireEvent.change(screen.getByTestId('pick-search'), { target: { value: 'person 12345' } });
    expect(boxes().map((b) => b.dataset.testid)).toEqual(['pick-13345']);
    fireEvent.click(boxes()[0]!);
    expect(onToggle).toHaveBeenCalledWith(13_345);
    fireEvent.change(screen.getByTestId('pick-search'), { target: { value: 'nobody at all' } });
    expect(screen.getByText('Nobody matches.')).toBeTruthy();
  });

  it('a tick leaves every row where it is; the chosen come first again after a search', () => {
    const people = Array.from({ length: 5 }, (_, i) => person(i));
    const { render } = setup(baseState({ realm_users: people }));
    function Controlled() {
      const [picked, setPicked] = useState<number[]>([]);
      return (
        <PeopleChecklist
          selected={picked}
          onToggle={(id) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))}
          testIdFor={(u) => `pick-${u.user_id}`}
          searchTestId="pick-search"
        />
      );
    }
    render(<Controlled />);
    const order = () => (screen.getAllByRole('checkbox') as HTMLInputElement[]).map((b) => b.dataset.testid);
    const before = order();
    fireEvent.click(screen.getByTestId('pick-1003'));
    expect(order()).toEqual(before);
    expect((screen.getByTestId('pick-1003') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByTestId('pick-search'), { target: { value: 'person' } });
    expect(order()[0]).toBe('pick-1003');
  });
});
