import { beforeEach, describe, expect, it } from 'vitest';
import { addDrafts, deleteDraft, editDraft, listDrafts } from '../../../../server/realm/drafts';
import { demoRealm, refusal, types, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

const draft = (to: number[], extra: Record<string, unknown> = {}) => ({
  type: 'stream',
  to,
  topic: 'plans',
  content: 'half a thought',
  ...extra,
});

describe('drafts (realm)', () => {
  it('adds all drafts with one event to the author alone', () => {
    const author = d.users.members[1];
    const created = addDrafts(d.realm, author, [
      draft([d.channels.general.stream_id], { timestamp: 5 }),
      { type: '', to: [], topic: 'ignored', content: 'x' },
    ]);
    expect(created.map((c) => [c.type, c.topic, c.timestamp])).toEqual([
      ['stream', 'plans', 5],
      ['', '', d.realm.now()],
    ]);
    expect(d.published).toHaveLength(1);
    expect(d.published[0]!.userIds).toEqual([author.user_id]);
    expect(d.published[0]!.event).toMatchObject({
      type: 'drafts',
      op: 'add',
      drafts: [{ id: created[0]!.id }, {}],
    });
    expect(addDrafts(d.realm, author, [])).toEqual([]);
    expect(d.published).toHaveLength(1);
  });

  it('refuses the whole list when one draft names a channel the user cannot read, or a negative time', () => {
    const { guest } = d.users;
    const before = d.realm.drafts.size;
    expect(
      refusal(() =>
        addDrafts(d.realm, guest, [
          draft([d.channels.general.stream_id]),
          draft([d.channels.leadership.stream_id]),
        ]),
      ),
    ).toMatchObject({ msg: 'Invalid channel ID' });
    expect(
      refusal(() => addDrafts(d.realm, guest, [draft([d.channels.general.stream_id], { timestamp: -1 })])),
    ).toMatchObject({ msg: 'Timestamp must not be negative.' });
    expect(d.realm.drafts.size).toBe(before);
    expect(d.published).toEqual([]);
  });

  it('refuses everything while synchronization is off', () => {
    const user = d.users.members[2];
    user.settings.enable_drafts_synchronization = false;
    const msg = 'User has disabled synchronizing drafts.';
    expect(refusal(() => listDrafts(d.realm, user))).toMatchObject({ msg });
    expect(refusal(() => addDrafts(d.realm, user, [draft([d.channels.general.stream_id])]))).toMatchObject({
      msg,
    });
  });

  it("edits and deletes one's own drafts; someone else's answers 404 like a missing one", () => {
    const owner = d.users.owner;
    const mine = listDrafts(d.realm, owner)[0]!;
    const other = listDrafts(d.realm, d.users.members[0])[0]!;
    expect(refusal(() => editDraft(d.realm, owner, other.id, draft([d.channels.general.stream_id])))).toEqual(
      {
        status: 404,
        code: 'BAD_REQUEST',
        msg: 'Draft does not exist',
      },
    );
    expect(refusal(() => deleteDraft(d.realm, owner, 99999))).toMatchObject({ status: 404 });

    editDraft(d.realm, owner, mine.id, draft([d.channels.random.stream_id], { content: 'new' }));
    expect(d.realm.drafts.get(mine.id)).toMatchObject({ content: 'new', timestamp: d.realm.now() });
    deleteDraft(d.realm, owner, mine.id);
    expect(d.realm.drafts.has(mine.id)).toBe(false);
    expect(types(d.published)).toEqual(['drafts', 'drafts']);
    expect(d.eventsFor(owner.user_id).map((e) => e.op)).toEqual(['update', 'remove']);
    expect(d.eventsFor(d.users.members[0].user_id)).toEqual([]);
  });
});
