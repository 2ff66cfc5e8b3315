/**
 * Emoji names the real service uses that the `gemoji` package (the one emoji name table of both the
 * reference server and the client's picker) lacks, mapped to gemoji's name for the same emoji.
 * Plain data: the server's table and the picker each add them to what they build from gemoji, and
 * `test/unit/shared/emoji-names.test.ts` checks the two agree. Names gemoji already gives another
 * emoji (`smile`, `ok`, `point_up`) are left as gemoji has them; server/README.md lists them.
 */
export const REAL_SERVICE_EMOJI_ALIASES: Readonly<Record<string, string>> = {
  thumbs_up: '+1',
  thumbs_down: '-1',
  big_smile: 'smile',
  slight_smile: 'slightly_smiling_face',
  upside_down: 'upside_down_face',
  nerd: 'nerd_face',
  frown: 'slightly_frowning_face',
  neutral: 'neutral_face',
  rolling_eyes: 'roll_eyes',
  nauseated: 'nauseated_face',
  fist_bump: 'fist_oncoming',
  fingers_crossed: 'crossed_fingers',
  working_on_it: 'hammer_and_wrench',
  check: 'white_check_mark',
  lol: 'laughing',
  tears: 'joy',
  applause: 'clap',
  thank_you: 'pray',
  looking: 'eyes',
  hello: 'wave',
};
