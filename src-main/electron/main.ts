/**
 * Electron entry (out/main/index.js). Kept deliberately thin — everything that does real work
 * lives in services that also run under plain Node (CLI, `serve`, tests), and the desktop
 * wiring in desktop-app.ts, tested with electron replaced by a test double.
 */
import { app, dialog } from 'electron';
import { runDesktopApp } from './desktop-app';

runDesktopApp()?.ready.catch((error: unknown) => {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(text);
  dialog.showErrorBox('Lineage Explorer could not start', text);
  app.exit(1);
});
