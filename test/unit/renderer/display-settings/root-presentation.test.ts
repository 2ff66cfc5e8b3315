// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../../renderer/src/app/time-format';
import {
  applyPresentation,
  clearPresentation,
  escapeGoesHome,
  homeTarget,
  rootPresentation,
  themeOf,
} from '../../../../renderer/src/features/display-settings/root-presentation';
import {
  reactionChipText,
  showReactionUsers,
} from '../../../../renderer/src/features/reactions/reaction-label';

describe('rootPresentation', () => {
  it('maps font size and line spacing to the custom properties the feed and compose read', () => {
    const p = rootPresentation({ web_font_size_px: 20, web_line_height_percent: 150 });
    expect(p.properties).toEqual({ '--message-font-size': '20px', '--message-line-height': '1.5' });
  });

  it('keeps stray sizes inside readable bounds and ignores values that are not numbers', () => {
    expect(rootPresentation({ web_font_size_px: 400 }).properties['--message-font-size']).toBe('40px');
    expect(rootPresentation({ web_font_size_px: 3 }).properties['--message-font-size']).toBe('8px');
    expect(rootPresentation({ web_line_height_percent: 90 }).properties['--message-line-height']).toBe('1');
    expect(rootPresentation({ web_font_size_px: '16' }).properties['--message-font-size']).toBeNull();
    expect(rootPresentation({ web_font_size_px: 0 }).properties['--message-font-size']).toBeNull();
    expect(rootPresentation(undefined).properties).toEqual({
      '--message-font-size': null,
      '--message-line-height': null,
    });
  });

  it('maps color scheme, high contrast and fluid width to attributes', () => {
    expect(
      rootPresentation({ color_scheme: 2, high_contrast_mode: true, fluid_layout_width: true }).attributes,
    ).toEqual({ 'data-theme': 'dark', 'data-high-contrast': 'true', 'data-fluid-layout': 'true' });
    expect(
      rootPresentation({ color_scheme: 3, high_contrast_mode: false, fluid_layout_width: false }).attributes,
    ).toEqual({ 'data-theme': 'light', 'data-high-contrast': null, 'data-fluid-layout': null });
    expect(themeOf(1)).toBeNull();
    expect(themeOf(7)).toBeNull();
  });

  it('writes onto an element, replaces on change and clears everything it set', () => {
    const el = document.createElement('html');
    el.setAttribute('lang', 'en');
    applyPresentation(
      el,
      rootPresentation({ web_font_size_px: 18, high_contrast_mode: true, color_scheme: 2 }),
    );
    expect(el.style.getPropertyValue('--message-font-size')).toBe('18px');
    expect(el.getAttribute('data-high-contrast')).toBe('true');
    expect(el.getAttribute('data-theme')).toBe('dark');

    applyPresentation(
      el,
      rootPresentation({ web_font_size_px: 12, high_contrast_mode: false, color_scheme: 1 }),
    );
    expect(el.style.getPropertyValue('--message-font-size')).toBe('12px');
    expect(el.hasAttribute('data-high-contrast')).toBe(false);
    expect(el.hasAttribute('data-theme')).toBe(false);

    applyPresentation(el, rootPresentation({ web_line_height_percent: 130, fluid_layout_width: true }));
    clearPresentation(el);
    expect(el.style.getPropertyValue('--message-font-size')).toBe('');
    expect(el.style.getPropertyValue('--message-line-height')).toBe('');
    expect(el.hasAttribute('data-fluid-layout')).toBe(false);
    expect(el.getAttribute('lang')).toBe('en');
  });
});

describe('Esc to the home view', () => {
  const key = (
    target: EventTarget | null,
    extra: Partial<{ key: string; defaultPrevented: boolean }> = {},
  ) => ({
    key: 'Escape',
    defaultPrevented: false,
    target,
    ...extra,
  });
  const on = { enabled: true, overlayOpen: false };

  it('goes home from the page, not from fields, dialogs, menus or pickers', () => {
    document.body.innerHTML = `
      <div id="feed" tabindex="0"></div>
      <textarea id="compose"></textarea>
      <form data-typing-area><button id="compose-send"></button></form>
      <div role="dialog"><button id="in-dialog"></button></div>
      <div role="menu"><button id="in-menu"></button></div>
      <div class="emoji-picker"><button id="in-picker"></button></div>
      <input type="checkbox" id="checkbox">`;
    const $ = (id: string) => document.getElementById(id);
    expect(escapeGoesHome(key($('feed')), on)).toBe(true);
    expect(escapeGoesHome(key(document.body), on)).toBe(true);
    expect(escapeGoesHome(key($('compose')), on)).toBe(false);
    expect(escapeGoesHome(key($('compose-send')), on)).toBe(false);
    expect(escapeGoesHome(key($('in-dialog')), on)).toBe(false);
    expect(escapeGoesHome(key($('in-menu')), on)).toBe(false);
    expect(escapeGoesHome(key($('in-picker')), on)).toBe(false);
    // Nothing is typed in a checkbox: Esc leaves it as it leaves a button.
    expect(escapeGoesHome(key($('checkbox')), on)).toBe(true);
  });

  it('does nothing when the setting is off, an overlay is open, another key, or already handled', () => {
    expect(escapeGoesHome(key(document.body), { enabled: false, overlayOpen: false })).toBe(false);
    expect(escapeGoesHome(key(document.body), { enabled: true, overlayOpen: true })).toBe(false);
    expect(escapeGoesHome(key(document.body, { key: 'Enter' }), on)).toBe(false);
    expect(escapeGoesHome(key(document.body, { defaultPrevented: true }), on)).toBe(false);
  });

  it('home is the combined feed, Recent conversations or (by default and for unknown values) the Inbox', () => {
    expect(homeTarget('all_messages')).toEqual({ kind: 'all-messages' });
    expect(homeTarget('inbox')).toEqual({ kind: 'inbox' });
    expect(homeTarget('recent_topics')).toEqual({ kind: 'recent' });
    expect(homeTarget('something_newer')).toEqual({ kind: 'inbox' });
  });
});

describe('reaction chips', () => {
  const names: Record<number, string> = { 1: 'Ann', 2: 'Bo', 3: 'Cy' };
  const nameOf = (id: number) => names[id] ?? '?';

  it('names who reacted only when the setting is on and the message has at most three reactions', () => {
    expect(showReactionUsers(true, 3)).toBe(true);
    expect(showReactionUsers(true, 4)).toBe(false);
    expect(showReactionUsers(false, 1)).toBe(false);
  });

  it('shows the count, or the names with the current user as You', () => {
    expect(reactionChipText([1, 2], false, 1, nameOf)).toBe('2');
    expect(reactionChipText([1, 2], true, 1, nameOf)).toBe('You, Bo');
    expect(reactionChipText([3], true, undefined, nameOf)).toBe('Cy');
  });
});

describe('formatDateTime', () => {
  it('follows twenty_four_hour_time', () => {
    const t = new Date(2024, 0, 2, 13, 5).getTime() / 1000;
    expect(formatDateTime(t, true)).toContain('13:05');
    expect(formatDateTime(t, true)).not.toMatch(/PM/i);
    expect(formatDateTime(t, false)).toMatch(/1:05\s*PM/i);
  });
});
