import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  isExternalUrlAllowed,
  isPermissionAllowed,
} from '../../../electron/core/window-policy';

describe('window policy: links and navigation', () => {
  it('hands only http, https and mailto to the system', () => {
    for (const url of ['https://example.com/a?b#c', 'http://example.com', 'mailto:someone@example.com'])
      expect(isExternalUrlAllowed(url)).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,x',
      'smb://host/x',
      'ms-msdt:x',
      'not a url',
      '',
    ])
      expect(isExternalUrlAllowed(url)).toBe(false);
  });

  it('never lets the window leave the app page', () => {
    const app = 'file:///opt/app/out/renderer/index.html';
    expect(decideNavigation(app, app)).toEqual({ allow: true });
    expect(decideNavigation('https://evil.example/', app)).toEqual({
      allow: false,
      openExternally: 'https://evil.example/',
    });
    expect(decideNavigation('file:///etc/passwd', app)).toEqual({ allow: false, openExternally: null });
    expect(decideNavigation('file:///opt/app/out/renderer/other.html', app)).toEqual({
      allow: false,
      openExternally: null,
    });
  });
});

describe('window policy: permissions', () => {
  const trusted = { appOrigins: ['file://'], accountServerUrls: ['https://chat.example.com/team'] };

  it('grants notifications to the app page and to an account’s server only', () => {
    expect(isPermissionAllowed('notifications', 'file:///opt/app/out/renderer/index.html', trusted)).toBe(
      true,
    );
    expect(isPermissionAllowed('notifications', 'https://chat.example.com/user_uploads/x', trusted)).toBe(
      true,
    );
    expect(isPermissionAllowed('notifications', 'https://chat.example.com.evil.net/', trusted)).toBe(false);
    expect(isPermissionAllowed('notifications', 'http://chat.example.com/', trusted)).toBe(false);
    expect(isPermissionAllowed('notifications', '', trusted)).toBe(false);
  });

  it('denies every other permission, whoever asks', () => {
    for (const permission of [
      'media',
      'geolocation',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'midi',
      'hid',
    ])
      expect(isPermissionAllowed(permission, 'file:///opt/app/out/renderer/index.html', trusted)).toBe(false);
  });
});
