import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer } from './helpers';
import { expandUrlTemplate } from '../../../server/realm/linkifiers';

const h = useServer();
type L = { id: number; pattern: string; url_template: string };

describe('linkifiers (2.7, 4.20)', () => {
  it('GET /realm/linkifiers lists them for any user', async () => {
    const { guest } = demoUsers(h.server);
    const body = await h.as(guest).ok('GET', '/realm/linkifiers');
    expect(body.linkifiers).toEqual([
      {
        id: expect.any(Number),
        pattern: '#(?P<id>[0-9]+)',
        url_template: 'https://tracker.northwind.example/issues/{id}',
      },
    ]);
  });

  it('administrators only: add, edit and delete', async () => {
    const { moderator, member, guest } = demoUsers(h.server);
    const existing = h.server.realm.linkifiers[0]!;
    for (const u of [moderator, member, guest]) {
      const add = await h
        .as(u)
        .call('POST', '/realm/filters', { pattern: 'X(?P<n>\\d+)', url_template: 'https://x.example/{n}' });
      expect(add.body.msg).toBe('Must be an organization administrator');
      const edit = await h.as(u).call('PATCH', `/realm/filters/${existing.id}`, {
        pattern: 'Y(?P<n>\\d+)',
        url_template: 'https://y.example/{n}',
      });
      expect(edit.body.msg).toBe('Must be an organization administrator');
      const del = await h.as(u).call('DELETE', `/realm/filters/${existing.id}`);
      expect(del.body.msg).toBe('Must be an organization administrator');
    }
    expect(h.server.realm.linkifiers).toHaveLength(1);
  });

  it('PATCH replaces pattern and template, sends realm_linkifiers, and new messages render with it', async () => {
    const { admin, member } = demoUsers(h.server);
    const q = await h.as(member).register({ event_types: ['realm_linkifiers'] });
    const { id } = (await h.as(admin).ok('POST', '/realm/filters', {
      pattern: 'PR-(?P<num>[0-9]+)',
      url_template: 'https://code.example/pulls/{num}',
    })) as { id: number };
    await h.as(admin).ok('PATCH', `/realm/filters/${id}`, {
      pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z]+)!(?P<num>[0-9]+)',
      url_template: 'https://code.example/{org}/{repo}/pulls/{num}',
    });
    const events = await q.drain();
    expect(events).toHaveLength(2);
    const after = events[1]!.realm_linkifiers as L[];
    expect(after.find((l) => l.id === id)).toEqual({
      id,
      pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z]+)!(?P<num>[0-9]+)',
      url_template: 'https://code.example/{org}/{repo}/pulls/{num}',
    });
    const msgId = await sendToChannel(h.as(member), 'general', 'links', 'see north/app!42 please');
    const html = await h.as(member).ok('GET', `/messages/${msgId}`);
    const message = html.message as { content: string };
    expect(message.content).toContain('href="https://code.example/north/app/pulls/42"');
  });

  it('validates the regex and the template against the pattern groups', async () => {
    const { admin } = demoUsers(h.server);
    const id = h.server.realm.linkifiers[0]!.id;
    const cases: [string, string, string][] = [
      ['(?P<id>[0-9+', 'https://x.example/{id}', 'Invalid linkifier pattern.'],
      ['', 'https://x.example/', 'Invalid linkifier pattern.'],
      [
        '#(?P<id>[0-9]+)',
        'https://x.example/{name}',
        "Group 'name' in URL template is not present in linkifier pattern.",
      ],
      ['#(?P<id>[0-9]+)', 'https://x.example/{id', 'Invalid URL template.'],
      ['#(?P<id>[0-9]+)', 'https://x.example/{id}}', 'Invalid URL template.'],
      ['#(?P<id>[0-9]+)', 'not a url {id}', 'Invalid URL template.'],
    ];
    for (const [pattern, url_template, msg] of cases) {
      const r = await h.as(admin).call('PATCH', `/realm/filters/${id}`, { pattern, url_template });
      expect(r.body, pattern + ' ' + url_template).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg,
      });
    }
    expect(h.server.realm.linkifiers[0]!.pattern).toBe('#(?P<id>[0-9]+)');
    const missing = await h
      .as(admin)
      .call('PATCH', '/realm/filters/9999', { pattern: 'a', url_template: 'https://a.example' });
    expect(missing.body.msg).toBe('Linkifier not found.');
    // Back-references and operator expansions are accepted.
    await h.as(admin).ok('PATCH', `/realm/filters/${id}`, {
      pattern: '#(?P<id>[0-9]+)(?P=id)?',
      url_template: 'https://tracker.northwind.example/issues{/id}{?id}',
    });
    await h.as(admin).ok('PATCH', `/realm/filters/${id}`, {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://tracker.northwind.example/issues/{id}',
    });
  });

  it('DELETE removes it with a realm_linkifiers event', async () => {
    const { admin, member } = demoUsers(h.server);
    const { id } = (await h.as(admin).ok('POST', '/realm/filters', {
      pattern: 'T(?P<n>[0-9]+)',
      url_template: 'https://t.example/{n}',
    })) as { id: number };
    const q = await h.as(member).register({ event_types: ['realm_linkifiers'] });
    await h.as(admin).ok('DELETE', `/realm/filters/${id}`);
    const [ev] = await q.drain();
    expect((ev!.realm_linkifiers as L[]).map((l) => l.id)).not.toContain(id);
    expect((await h.as(admin).call('DELETE', `/realm/filters/${id}`)).body.msg).toBe('Linkifier not found.');
  });
});

describe('RFC 6570 expansion', () => {
  it('expands simple, reserved and operator expressions', () => {
    const v = { a: 'x y', b: 'c/d' };
    expect(expandUrlTemplate('https://e.example/{a}', v)).toBe('https://e.example/x%20y');
    expect(expandUrlTemplate('https://e.example/{+b}', v)).toBe('https://e.example/c/d');
    expect(expandUrlTemplate('https://e.example{/a,b}', v)).toBe('https://e.example/x%20y/c%2Fd');
    expect(expandUrlTemplate('https://e.example/s{?a,b}', v)).toBe('https://e.example/s?a=x%20y&b=c%2Fd');
    expect(expandUrlTemplate('https://e.example/{#b}', v)).toBe('https://e.example/#c/d');
    expect(expandUrlTemplate('https://e.example/{a:1}', v)).toBe('https://e.example/x');
  });
});
