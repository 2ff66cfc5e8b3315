import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../e2e/key-scan';

function secretsOf(count: number): Map<string, string> {
  const secrets = new Map<string, string>();
  for (let i = 0; i < count; i++)
    secrets.set(`${i.toString(16).padStart(8, '0')}cafe${i}beef`, `the key of person ${i}`);
  return secrets;
}

describe('the bridge key scan', () => {
  for (const count of [10, 40_000]) {
    it(`finds every secret a frame carries, and only those (${count} secrets)`, () => {
      const secrets = secretsOf(count);
      const keys = [...secrets.keys()];
      const last = keys[count - 1]!;
      const frame = `{"users":[{"api_key":"${keys[3]}"}],"x":"${last.slice(0, -1)}","y":"pre${last}"}`;
      const leaks = new Set<string>();
      findSecrets(frame, secrets, leaks);
      expect([...leaks].sort()).toEqual([secrets.get(keys[3]!)!, secrets.get(last)!].sort());
    });
  }

  it('finds nothing in a clean frame', () => {
    const leaks = new Set<string>();
    findSecrets('{"users":[{"email":"a@example.org"}]}', secretsOf(40_000), leaks);
    expect(leaks.size).toBe(0);
  });
});
