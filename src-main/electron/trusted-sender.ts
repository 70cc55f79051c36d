/**
 * Who may talk to main over IPC: the top-level frame of a window we created, showing our own page.
 * Like GitHub Desktop's trusted-ipc-sender, the check is one function that every channel goes
 * through; unlike a prefix test, the URL is parsed and compared by origin and path, so
 * `app://bundle/index.html.evil` or `http://localhost:51730` do not pass for our page.
 */
import { APP_ENTRY_URL } from './app-protocol';

/** The parts of an IPC event the check reads (IpcMainEvent and IpcMainInvokeEvent have them). */
export interface SenderInfo {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

export type PageMatcher = (url: string) => boolean;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True for our page: the bundled entry (`app://bundle/index.html`, any query or hash), or — only in
 * development — the electron-vite dev server's page.
 */
export function appPageMatcher(options: { devServerUrl?: string | null } = {}): PageMatcher {
  const entry = new URL(APP_ENTRY_URL);
  const dev = options.devServerUrl ? parse(options.devServerUrl) : null;
  return (url) => {
    const u = parse(url);
    if (!u) return false;
    if (u.protocol === entry.protocol && u.host === entry.host && u.pathname === entry.pathname) return true;
    return (
      dev !== null &&
      u.protocol === dev.protocol &&
      u.host === dev.host &&
      (u.pathname === '/' || u.pathname === '/index.html')
    );
  };
}

/**
 * The sender is trusted when its frame still exists, is a top-level frame (no iframe, however it
 * got there) and shows our page, in a web contents we made (`isOurWindow`).
 */
export function isTrustedSender(
  event: SenderInfo,
  isOurWindow: (contentsId: number) => boolean,
  isAppPage: PageMatcher,
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isOurWindow(event.sender.id) && isAppPage(frame.url);
}
