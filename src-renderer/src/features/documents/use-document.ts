/**
 * Loads a document's content through its service, again whenever its revision moves (TreeTrace
 * rewrote the bundle, the ledger grew): views re-render from the fresh content.
 */
import { useEffect, useState } from 'react';
import { useDocuments } from './documents-store';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

export function useDocument<T>(key: string, load: (key: string) => Promise<T>): Loaded<T> {
  const revision = useDocuments((s) => s.docs[key]?.revision ?? 0);
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load(key).then(
      (value) => live && setState({ status: 'ready', value }),
      (error: Error) => live && setState({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
    // `load` is a module-level function per view; the revision is what triggers a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, revision]);
  return state;
}
