import type { AppInfo } from '../../../shared/app-info';

/** Replaced at build time (electron-vite and vitest `define`, from scripts/app-info.ts). */
declare const __APP_INFO__: AppInfo | undefined;

export const appInfo: AppInfo =
  typeof __APP_INFO__ !== 'undefined'
    ? __APP_INFO__
    : { name: 'Team Chat', version: 'unknown', licenses: [] };
