/** The app's name and version as servers see them in the User-Agent (a test keeps them equal to package.json). */
export const APP_NAME = 'Team Chat';
export const APP_VERSION = '0.1.0';
