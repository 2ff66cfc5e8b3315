// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoAccountList } from '../../../../renderer/src/features/sign-in/DemoAccountList';

afterEach(cleanup);

const person = (i: number) => ({ email: `person${i}@huge.example`, fullName: `Person ${i}`, role: 400 });

describe('DemoAccountList', () => {
  it('lists a small demo organization in full, without a search field', () => {
    render(<DemoAccountList accounts={[1, 2, 3].map(person)} disabled={false} onPick={() => undefined} />);
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(screen.queryByTestId('demo-account-search')).toBeNull();
  });

  it('shows a big one a dozen at a time, found by name or email, and picks the one clicked', () => {
    const onPick = vi.fn();
    const accounts = Array.from({ length: 20_000 }, (_, i) => person(i));
    render(<DemoAccountList accounts={accounts} disabled={false} onPick={onPick} />);
    expect(screen.getAllByRole('button')).toHaveLength(12);
    expect(screen.getByTestId('demo-account-more').textContent).toContain('19,988 more');
    fireEvent.change(screen.getByTestId('demo-account-search'), { target: { value: 'person19999@' } });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('demo-account-person19999@huge.example'));
    expect(onPick).toHaveBeenCalledWith('person19999@huge.example');
    fireEvent.change(screen.getByTestId('demo-account-search'), { target: { value: 'nobody' } });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Nobody by that name or email.')).toBeTruthy();
  });
});
