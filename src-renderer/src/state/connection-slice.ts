/** Whether the host is reachable; the top bar shows it and offers "retry now". */
import type { StateCreator } from 'zustand';
import type { ConnectionState } from '../host/transport';
import type { AppState } from './store';

export interface ConnectionSlice {
  connection: ConnectionState;
  setConnection(state: ConnectionState): void;
}

export const createConnectionSlice: StateCreator<AppState, [], [], ConnectionSlice> = (set) => ({
  connection: { status: 'connecting' },
  setConnection: (connection) => set({ connection }),
});
