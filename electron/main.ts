// Electron shell: filled in with the main-process issue.
export {};
