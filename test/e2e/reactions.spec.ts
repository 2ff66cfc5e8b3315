import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// Reactions (4.17): add one with the picker, see it reach another person live, remove it.

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

async function message(chat: ChatEnvironment, who: string, id: number) {
  const { body } = await chat.api(who).get('/messages', {
    anchor: id,
    num_before: 0,
    num_after: 0,
    narrow: [{ operator: 'id', operand: id }],
  });
  return (body.messages as { reactions: { emoji_name: string; user_id: number }[] }[])[0]!;
}

test('reacts with the picker; the other person sees it live; a second click removes it', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const me = await signIn(page, 'member');
  const topic = `reactions ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Ship it?');
  const other = await openSecondUser(browser, chat, 'admin');
  try {
    await page.getByTestId('channel-general').click();
    await page.getByTestId(`topic-${topic}`).click();
    await other.page.getByTestId('channel-general').click();
    await other.page.getByTestId(`topic-${topic}`).click();

    await page.getByTestId(`message-${id}`).hover();
    await page.getByTestId(`add-reaction-${id}`).click();
    await page.getByTestId('emoji-search').fill('octopus');
    await page.getByTestId('emoji-octopus').click();
    // display_emoji_reaction_users is on by default: one reaction names who reacted (spec 4.6).
    await expect(page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toContainText('You');
    expect((await message(chat, me.email, id)).reactions).toContainEqual(
      expect.objectContaining({ emoji_name: 'octopus', user_id: me.user_id }),
    );
    await expect(other.page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toContainText(
      me.full_name,
    );
    await page.screenshot({ path: 'test-results/screens/reactions.png' });

    await page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus').click();
    await expect(page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toHaveCount(0);
    await expect(other.page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toHaveCount(0);
    expect((await message(chat, me.email, id)).reactions).toEqual([]);
  } finally {
    await other.close();
  }
});
