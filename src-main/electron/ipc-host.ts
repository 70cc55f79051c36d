/**
 * The Electron transport of the bridge: one ipcMain handler for calls, `webContents.send` for
 * pushed events, and the preload's drop channel. Each window is one client (its own
 * subscriptions). Every message goes through one sender check (trusted-sender.ts) before
 * anything reads it, and calls then through the dispatcher, which checks them against the
 * contract's allowlist and argument validators.
 */
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  CALL_CHANNEL,
  DROP_CHANNEL,
  EVENT_CHANNEL,
  type JsonBytesReply,
} from '../../src-shared/bridge/channels';
import type { AppInfo, BridgeReply, PushedEvent } from '../../src-shared/bridge/contract';
import { createDispatcher, type Dispatcher } from '../../src-shared/bridge/dispatcher';
import { connectClient, type ClientConnection } from '../services/client-services';
import type { SessionStore } from '../services/sessions/session-store';
import { ipcEvent, ipcReply } from '../services/encoded-json';
import { droppedPaths } from './dropped-paths';
import { isTrustedSender, type PageMatcher } from './trusted-sender';

interface WindowClient {
  contents: WebContents;
  connection: ClientConnection;
  dispatch: Dispatcher;
}

export interface IpcHostOptions {
  store: SessionStore;
  info: () => AppInfo;
  isAppPage: PageMatcher;
  /** Paths the user dropped on a window (already checked for shape). */
  onDrop(paths: string[], contents: WebContents): void;
}

export interface IpcHost {
  /** Makes a window a client of the bridge (its page may call; pushed events reach it). */
  attach(contents: WebContents): void;
  /** Pushes an event to one window (a command from its menu) or to all of them. */
  send(event: PushedEvent, to?: WebContents): void;
  dispose(): void;
}

const UNTRUSTED: BridgeReply = { ok: false, error: { code: 'forbidden-path', message: 'untrusted sender' } };

function describe(event: IpcMainEvent | IpcMainInvokeEvent): string {
  return event.senderFrame?.url ?? '(frame gone)';
}

export function startIpcHost(options: IpcHostOptions): IpcHost {
  const clients = new Map<number, WindowClient>();
  const trusted = (event: IpcMainEvent | IpcMainInvokeEvent) =>
    isTrustedSender(event, (id) => clients.has(id), options.isAppPage);

  ipcMain.handle(CALL_CHANNEL, async (event, request: unknown): Promise<BridgeReply | JsonBytesReply> => {
    if (!trusted(event)) {
      console.warn(`lineage-explorer: refused a bridge call from ${describe(event)}`);
      return UNTRUSTED;
    }
    // A value a worker sent as JSON bytes (a snapshot) crosses as those bytes (the preload decodes).
    return await ipcReply(await clients.get(event.sender.id)!.dispatch(request));
  });

  const onDrop = (event: IpcMainEvent, payload: unknown) => {
    if (!trusted(event)) {
      console.warn(`lineage-explorer: refused a drop from ${describe(event)}`);
      return;
    }
    const paths = droppedPaths(payload);
    if (paths) options.onDrop(paths, event.sender);
  };
  ipcMain.on(DROP_CHANNEL, onDrop);

  const deliver = (client: WindowClient, event: PushedEvent) => {
    if (!client.contents.isDestroyed()) client.contents.send(EVENT_CHANNEL, ipcEvent(event));
  };
  const unsubscribe = options.store.onEvent((pushed) => {
    for (const client of clients.values()) if (client.connection.wants(pushed)) deliver(client, pushed);
  });

  return {
    attach(contents) {
      const connection = connectClient(options.store, options.info);
      clients.set(contents.id, { contents, connection, dispatch: createDispatcher(connection.services) });
      contents.once('destroyed', () => clients.delete(contents.id));
    },
    send(event, to) {
      for (const client of clients.values()) if (!to || client.contents === to) deliver(client, event);
    },
    dispose() {
      unsubscribe();
      ipcMain.removeHandler(CALL_CHANNEL);
      ipcMain.removeListener(DROP_CHANNEL, onDrop);
      clients.clear();
    },
  };
}
