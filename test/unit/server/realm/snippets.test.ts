import { beforeEach, describe, expect, it } from 'vitest';
import { addSnippet, deleteSnippet, editSnippet } from '../../../../server/realm/snippets';
import { demoRealm, refusal, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

describe('saved snippets (realm)', () => {
  it('adds with a trimmed title and tells only the author', () => {
    const user = d.users.members[0];
    const s = addSnippet(d.realm, user, '  Greeting  ', 'Hello!');
    expect(d.realm.snippets.get(s.id)).toMatchObject({
      title: 'Greeting',
      content: 'Hello!',
      user_id: user.user_id,
    });
    expect(d.published).toEqual([
      {
        userIds: [user.user_id],
        event: {
          type: 'saved_snippets',
          op: 'add',
          saved_snippet: { id: s.id, title: 'Greeting', content: 'Hello!', date_created: s.date_created },
        },
      },
    ]);
  });

  it('edits need a title or a content, and neither may end up empty; nothing changes when refused', () => {
    const user = d.users.members[0];
    const s = addSnippet(d.realm, user, 'T', 'C');
    d.take();
    expect(refusal(() => editSnippet(d.realm, user, s.id, {}))).toMatchObject({
      msg: 'At least one of title or content must be provided.',
    });
    expect(refusal(() => editSnippet(d.realm, user, s.id, { title: '  ' }))).toMatchObject({
      msg: 'Title cannot be empty.',
    });
    expect(refusal(() => editSnippet(d.realm, user, s.id, { content: ' ' }))).toMatchObject({
      msg: 'Title cannot be empty.',
    });
    // The real service's 60-character limit on the (trimmed) title.
    expect(refusal(() => editSnippet(d.realm, user, s.id, { title: 'x'.repeat(61) }))).toMatchObject({
      msg: 'title is too long (limit: 60 characters)',
    });
    expect(refusal(() => addSnippet(d.realm, user, 'y'.repeat(61), 'C'))).toMatchObject({
      msg: 'title is too long (limit: 60 characters)',
    });
    editSnippet(d.realm, user, s.id, { title: ` ${'z'.repeat(60)} ` });
    editSnippet(d.realm, user, s.id, { title: 'T' });
    d.take();
    expect(d.realm.snippets.get(s.id)).toMatchObject({ title: 'T', content: 'C' });
    expect(d.published).toEqual([]);

    editSnippet(d.realm, user, s.id, { content: 'C2' });
    expect(d.realm.snippets.get(s.id)).toMatchObject({ title: 'T', content: 'C2' });
    expect(d.published.map((p) => p.event)).toMatchObject([
      { op: 'update', saved_snippet: { content: 'C2' } },
    ]);
  });

  it("someone else's snippet does not exist for them", () => {
    const s = addSnippet(d.realm, d.users.members[0], 'T', 'C');
    d.take();
    const other = d.users.members[1];
    const msg = 'Saved snippet does not exist.';
    expect(refusal(() => editSnippet(d.realm, other, s.id, { title: 'X' }))).toMatchObject({ msg });
    expect(refusal(() => deleteSnippet(d.realm, other, s.id))).toMatchObject({ msg });
    expect(d.realm.snippets.has(s.id)).toBe(true);

    deleteSnippet(d.realm, d.users.members[0], s.id);
    expect(d.realm.snippets.has(s.id)).toBe(false);
    expect(d.published.map((p) => p.event)).toEqual([
      { type: 'saved_snippets', op: 'remove', saved_snippet_id: s.id },
    ]);
  });
});
