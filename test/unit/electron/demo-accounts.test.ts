import { describe, expect, it } from 'vitest';
import { demoConfigFrom } from '../../../electron/core/demo-accounts';

describe('demoConfigFrom', () => {
  it('offers the people of a credentials file, under the app’s names, and leaves bots out', () => {
    const config = demoConfigFrom('http://127.0.0.1:9', [
      { email: 'ada@x.example', api_key: 'k1', full_name: 'Ada', role: 100, is_bot: false },
      { email: 'bot@x.example', api_key: 'k2', full_name: 'Bot', role: 400, is_bot: true },
      { email: 'ben@x.example', api_key: 'k3', full_name: 'Ben', role: 200 },
    ]);
    expect(config).toEqual({
      serverUrl: 'http://127.0.0.1:9',
      users: [
        { email: 'ada@x.example', apiKey: 'k1', fullName: 'Ada', role: 100 },
        { email: 'ben@x.example', apiKey: 'k3', fullName: 'Ben', role: 200 },
      ],
    });
  });
});
