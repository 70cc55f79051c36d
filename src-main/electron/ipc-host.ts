/**
 * The Electron transport of the bridge: one ipcMain handler for calls, `webContents.send` for
 * pushed events. Each window is one client (its own subscriptions). A call is answered only
 * when it comes from the main frame of a window we attached, showing our own page.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../src-shared/bridge/channels';
import type { AppInfo, BridgeReply } from '../../src-shared/bridge/contract';
import { createDispatcher, type Dispatcher } from '../../src-shared/bridge/dispatcher';
import { connectClient, type ClientConnection } from '../services/client-services';
import type { SessionStore } from '../services/sessions/session-store';

interface WindowClient {
  contents: WebContents;
  connection: ClientConnection;
  dispatch: Dispatcher;
}

export interface IpcHost {
  /** Makes a window a client of the bridge (its page may call; pushed events reach it). */
  attach(contents: WebContents): void;
  dispose(): void;
}

export function startIpcHost(
  store: SessionStore,
  info: () => AppInfo,
  isTrustedUrl: (url: string) => boolean,
): IpcHost {
  const clients = new Map<number, WindowClient>();

  ipcMain.handle(CALL_CHANNEL, async (event: IpcMainInvokeEvent, request: unknown): Promise<BridgeReply> => {
    const client = clients.get(event.sender.id);
    const frame = event.senderFrame;
    // Only our own page in a top-level frame of an attached window: never an iframe or a page
    // the window was navigated to.
    if (!client || !frame || frame.parent !== null || !isTrustedUrl(frame.url))
      return { ok: false, error: { code: 'forbidden-path', message: 'untrusted sender' } };
    return client.dispatch(request);
  });

  const unsubscribe = store.onEvent((pushed) => {
    for (const client of clients.values())
      if (client.connection.wants(pushed) && !client.contents.isDestroyed())
        client.contents.send(EVENT_CHANNEL, pushed);
  });

  return {
    attach(contents) {
      const connection = connectClient(store, info);
      clients.set(contents.id, { contents, connection, dispatch: createDispatcher(connection.services) });
      contents.once('destroyed', () => clients.delete(contents.id));
    },
    dispose() {
      unsubscribe();
      ipcMain.removeHandler(CALL_CHANNEL);
      clients.clear();
    },
  };
}
