import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Muted (secondary) text must stay readable: WCAG AA asks 4.5:1 for normal text, and muted text is
// mostly small. Computed here from the palettes themselves (every rule block of the stylesheets
// that sets --fg-muted: light, dark, and the high-contrast variants of both), against every
// background muted text is drawn on.

const styles = join(__dirname, '../../../../renderer/src');
const sheets = ['styles/app.css', 'features/display-settings/display-settings.css'].map((file) =>
  readFileSync(join(styles, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
);

/**
 * The backgrounds muted text sits on: the page, panels and buttons, the sidebar, hovered and
 * selected rows (and read-only fields), and the row of a message that mentions the reader.
 */
const BACKGROUNDS = [
  '--bg',
  '--bg-soft',
  '--bg-sidebar',
  '--bg-hover',
  '--bg-selected',
  '--mentioned-row',
] as const;

interface Palette {
  selector: string;
  vars: Record<string, string>;
}

/** Each innermost rule block that sets --fg-muted, with the custom properties it sets. */
function palettes(): Palette[] {
  const found: Palette[] = [];
  for (const css of sheets)
    for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const vars = Object.fromEntries(
        [...body!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]),
      );
      if (vars['--fg-muted']) found.push({ selector: selector!.trim().replace(/\s+/g, ' '), vars });
    }
  return found;
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channels = [0, 2, 4].map((i) => parseInt(match[1]!.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('muted text contrast', () => {
  const all = palettes();

  it('computes WCAG contrast ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('finds the light, dark and high-contrast palettes (the dark ones twice: chosen, and from the system)', () => {
    expect(all.map((p) => p.selector)).toEqual([
      ':root',
      ":root:not([data-theme='light'])",
      ":root[data-theme='dark']",
      ":root[data-high-contrast='true']:not([data-theme='dark'])",
      ":root[data-high-contrast='true']:not([data-theme='light'])",
      ":root[data-high-contrast='true'][data-theme='dark']",
    ]);
  });

  it('keeps the two copies of each dark palette the same', () => {
    const [, systemDark, chosenDark, , systemHighDark, chosenHighDark] = all;
    for (const name of ['--fg-muted', '--mention-me', '--star', ...BACKGROUNDS]) {
      expect(systemDark!.vars[name], name).toBe(chosenDark!.vars[name]);
      expect(systemHighDark!.vars[name], name).toBe(chosenHighDark!.vars[name]);
    }
  });

  for (const palette of all)
    it(`reaches 4.5:1 for --fg-muted on every background in ${palette.selector}`, () => {
      const muted = palette.vars['--fg-muted']!;
      const ratios = Object.fromEntries(
        BACKGROUNDS.map((bg) => {
          const colour = palette.vars[bg];
          if (!colour) throw new Error(`${palette.selector} does not set ${bg}`);
          return [bg, Math.floor(contrast(muted, colour) * 100) / 100];
        }),
      );
      for (const [bg, ratio] of Object.entries(ratios))
        expect(ratio, `${muted} on ${bg} ${palette.vars[bg]}`).toBeGreaterThanOrEqual(4.5);
    });

  for (const palette of all)
    it(`reaches 4.5:1 for the text of a mention of the reader (--fg on --mention-me) in ${palette.selector}`, () => {
      const text = palette.vars['--fg'];
      const chip = palette.vars['--mention-me'];
      if (!text || !chip) throw new Error(`${palette.selector} does not set --fg and --mention-me`);
      expect(contrast(text, chip)).toBeGreaterThanOrEqual(4.5);
    });

  // Links and link buttons (the recipient headers' "channel › topic") are drawn in the accent on
  // the page, on panels and hovered messages, and on the row of a message that mentions the reader.
  for (const palette of all)
    it(`reaches 4.5:1 for links (--accent) on --bg, --bg-soft and --mentioned-row in ${palette.selector}`, () => {
      const accent = palette.vars['--accent'];
      if (!accent) throw new Error(`${palette.selector} does not set --accent`);
      for (const bg of ['--bg', '--bg-soft', '--mentioned-row'])
        expect(contrast(accent, palette.vars[bg]!), `${accent} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    });

  // A starred message's star is the only sign it is starred: an icon, 3:1 (WCAG 1.4.11) on every
  // background a message row can have.
  for (const palette of all)
    it(`reaches 3:1 for a starred message's star (--star) on every background in ${palette.selector}`, () => {
      const star = palette.vars['--star'];
      if (!star) throw new Error(`no --star for ${palette.selector}`);
      for (const bg of BACKGROUNDS)
        expect(
          contrast(star, palette.vars[bg]!),
          `${star} on ${bg} ${palette.vars[bg]}`,
        ).toBeGreaterThanOrEqual(3);
    });
});
