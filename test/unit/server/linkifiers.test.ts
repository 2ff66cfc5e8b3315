import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, sendToChannel, useServer } from './helpers';
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

  it('a message and a channel description keep the HTML they were made with: later linkifiers and names do not change it', async () => {
    const { admin, member } = demoUsers(h.server);
    const msgId = await sendToChannel(h.as(member), 'general', 'kept', 'ZZ-7 for @**Ben Okafor**');
    const read = async () =>
      ((await h.as(member).ok('GET', `/messages/${msgId}`)).message as { content: string }).content;
    const channel = channelId(h.server, 'random');
    await h.as(admin).ok('PATCH', `/streams/${channel}`, { description: 'Tickets like ZZ-9' });
    const description = async () =>
      ((await h.as(member).ok('GET', `/streams/${channel}`)).stream as { rendered_description: string })
        .rendered_description;
    const describedBefore = await description();
    const sent = await read();
    const { id } = (await h.as(admin).ok('POST', '/realm/filters', {
      pattern: 'ZZ-(?P<n>[0-9]+)',
      url_template: 'https://zz.example/{n}',
    })) as { id: number };
    await h.as(admin).ok('PATCH', '/settings', { full_name: 'Ben Renamed' });
    expect(await read()).toBe(sent);
    expect(sent).not.toContain('zz.example');
    expect(await description()).toBe(describedBefore);
    expect(sent).toContain('@Ben Okafor');
    // A message sent now renders with both.
    const later = await sendToChannel(h.as(member), 'general', 'kept', 'ZZ-8 for @**Ben Renamed**');
    const html = ((await h.as(member).ok('GET', `/messages/${later}`)).message as { content: string })
      .content;
    expect(html).toContain('https://zz.example/8');
    expect(html).toContain('@Ben Renamed');
    await h.as(admin).ok('PATCH', '/settings', { full_name: 'Ben Okafor' });
    await h.as(admin).ok('DELETE', `/realm/filters/${id}`);
  });

  it('validates the regex and the template against the pattern groups', async () => {
    const { admin } = demoUsers(h.server);
    const id = h.server.realm.linkifiers[0]!.id;
    const cases: [string, string, string][] = [
      ['(?P<id>[0-9+', 'https://x.example/{id}', 'Bad regular expression: missing closing ]: [0-9+'],
      [
        'ZUL-(?P<id>\\d????)',
        'https://x.example/{id}',
        'Bad regular expression: invalid nested repetition operator: ????',
      ],
      // RE2 has no back-references or look-around: what it cannot run in linear time it refuses.
      [
        '#(?P<id>[0-9]+)(?P=id)',
        'https://x.example/{id}',
        'Bad regular expression: invalid or unsupported Perl syntax: (?P',
      ],
      [
        '(?<=#)(?P<id>[0-9]+)',
        'https://x.example/{id}',
        'Bad regular expression: invalid named capture: (?<=#)(?P<id>',
      ],
      ['', 'https://x.example/', 'Invalid linkifier pattern.'],
      [
        '#(?P<id>[0-9]+)',
        'https://x.example/{name}',
        "Group 'name' in URL template is not present in linkifier pattern.",
      ],
      [
        '(?P<b>[a-z]+)#(?P<a>[0-9]+)',
        'https://x.example/{b}',
        "Group 'a' in linkifier pattern is not present in URL template.",
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
    await h.as(admin).ok('PATCH', `/realm/filters/${id}`, {
      pattern: '(?i)#(?P<id>[0-9]+)',
      url_template: 'https://tracker.northwind.example/issues/{id}?from=chat#top',
    });
    await h.as(admin).ok('PATCH', `/realm/filters/${id}`, {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://tracker.northwind.example/issues/{id}',
    });
  });

  it('keeps one linkifier per pattern', async () => {
    const { admin } = demoUsers(h.server);
    const [first] = h.server.realm.linkifiers;
    const again = await h
      .as(admin)
      .call('POST', '/realm/filters', { pattern: first!.pattern, url_template: 'https://x.example/{id}' });
    expect(again.body).toMatchObject({
      result: 'error',
      msg: 'Realm filter with this Realm and Pattern already exists.',
    });
    await h.as(admin).ok('PATCH', `/realm/filters/${first!.id}`, {
      pattern: first!.pattern,
      url_template: first!.url_template,
    });
  });

  it('refuses every template that could make a link point elsewhere than it reads', async () => {
    const { admin } = demoUsers(h.server);
    const hostile = [
      '//evil.example/{id}', // protocol-relative: the page's scheme, another host
      'https://example.com/{id}"onmouseover=alert(1)', // a quote that would end the attribute
      'https://example.com/{+id}', // reserved expansion: `/?#` pass unencoded
      'https://example.com/{#id}', // fragment expansion
      'https://example.com@evil.example/{id}', // userinfo: the host is evil.example
      'https://{id}@example.com/', // the matched text as userinfo
      'https://user:secret@example.com/{id}', // credentials in the link
      'https://example.com{id}', // the matched text extends the host
      'https://{id}.example.com/', // the matched text picks the host
      'javascript:alert({id})',
      'data:text/html,{id}',
      '/issues/{id}', // relative: resolved against whatever page shows it
      'https://example.com/{id}<script>',
      'https://example.com\\@evil.example/{id}',
      'https://example.com/ {id}',
      'https://example.com/{/id}',
      'https://example.com/{?id}',
      'https://example.com/{id:3}',
      'https://example.com/%zz/{id}',
    ];
    const count = h.server.realm.linkifiers.length;
    for (const url_template of hostile) {
      const r = await h
        .as(admin)
        .call('POST', '/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template });
      expect(r.body, url_template).toMatchObject({ result: 'error', msg: 'Invalid URL template.' });
    }
    expect(h.server.realm.linkifiers).toHaveLength(count);
  });

  it('compiles patterns with a linear-time engine: catastrophic backtracking cannot stall a send', async () => {
    const { admin, member } = demoUsers(h.server);
    const { id } = (await h.as(admin).ok('POST', '/realm/filters', {
      pattern: '(?P<id>(a+)+)$',
      url_template: 'https://slow.example/{id}',
    })) as { id: number };
    try {
      // 30 characters: about 2^30 steps for a backtracking engine (JavaScript's took ~5 s at 25).
      const hostile = `${'a'.repeat(30)}!`;
      const started = performance.now();
      const msgId = await sendToChannel(h.as(member), 'general', 'redos', hostile);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeLessThan(1000);
      const { message } = (await h.as(member).ok('GET', `/messages/${msgId}`)) as {
        message: { content: string };
      };
      expect(message.content).not.toContain('slow.example');
      const long = `${'a'.repeat(20_000)}`;
      const t = performance.now();
      const longId = await sendToChannel(h.as(member), 'general', 'redos', long);
      expect(performance.now() - t).toBeLessThan(2000);
      const linked = (await h.as(member).ok('GET', `/messages/${longId}`)) as {
        message: { content: string };
      };
      expect(linked.message.content).toContain('href="https://slow.example/aaaa');
    } finally {
      await h.as(admin).ok('DELETE', `/realm/filters/${id}`);
    }
  });

  it('PATCH /realm/linkifiers reorders them (administrators only), and order decides overlaps', async () => {
    const { admin, member } = demoUsers(h.server);
    const first = h.server.realm.linkifiers[0]!.id;
    // Earlier tests of this file may have left linkifiers of their own: they keep their place.
    const others = h.server.realm.linkifiers.slice(1).map((l) => l.id);
    const { id: second } = (await h.as(admin).ok('POST', '/realm/filters', {
      pattern: '#(?P<num>[0-9]+)',
      url_template: 'https://other.example/{num}',
    })) as { id: number };
    try {
      expect(((await h.as(admin).ok('GET', '/realm/linkifiers')).linkifiers as L[]).map((l) => l.id)).toEqual(
        [first, ...others, second],
      );
      const before = await sendToChannel(h.as(member), 'general', 'order', 'see #5');
      expect(
        ((await h.as(member).ok('GET', `/messages/${before}`)) as { message: { content: string } }).message
          .content,
      ).toContain('tracker.northwind.example/issues/5');

      const denied = await h
        .as(member)
        .call('PATCH', '/realm/linkifiers', { ordered_linkifier_ids: [second, first, ...others] });
      expect(denied.body.msg).toBe('Must be an organization administrator');
      for (const [ids, msg] of [
        [[second, first, ...others, second], 'The ordered list must not contain duplicated linkifiers'],
        [[second], 'The ordered list must enumerate all existing linkifiers exactly once'],
        [
          [second, first, ...others, 9999],
          'The ordered list must enumerate all existing linkifiers exactly once',
        ],
      ] as const) {
        const r = await h.as(admin).call('PATCH', '/realm/linkifiers', { ordered_linkifier_ids: ids });
        expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
      }

      const q = await h.as(member).register({ event_types: ['realm_linkifiers'] });
      await h
        .as(admin)
        .ok('PATCH', '/realm/linkifiers', { ordered_linkifier_ids: [second, first, ...others] });
      const [event] = await q.drain();
      expect((event!.realm_linkifiers as L[]).map((l) => l.id)).toEqual([second, first, ...others]);
      expect(((await h.as(admin).ok('GET', '/realm/linkifiers')).linkifiers as L[]).map((l) => l.id)).toEqual(
        [second, first, ...others],
      );
      const after = await sendToChannel(h.as(member), 'general', 'order', 'see #5');
      expect(
        ((await h.as(member).ok('GET', `/messages/${after}`)) as { message: { content: string } }).message
          .content,
      ).toContain('other.example/5');
    } finally {
      await h.as(admin).ok('DELETE', `/realm/filters/${second}`);
    }
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
  it('expands level-1 expressions, percent-encoding everything but unreserved characters', () => {
    const v = { a: "x y/z?#'", b: 'c-d_e.f~' };
    expect(expandUrlTemplate('https://e.example/{a}', v)).toBe('https://e.example/x%20y%2Fz%3F%23%27');
    expect(expandUrlTemplate('https://e.example/{b}?q={a}#{b}', v)).toBe(
      'https://e.example/c-d_e.f~?q=x%20y%2Fz%3F%23%27#c-d_e.f~',
    );
    expect(expandUrlTemplate('https://e.example/{+b}', v)).toBeNull();
  });
});
