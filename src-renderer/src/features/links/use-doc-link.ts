/**
 * How a document view takes part in links: it is handed the point a link asks for (once, when it
 * is there to show it) and reports the point it shows, so the URL and "Copy link" follow it.
 */
import { useEffect, useRef } from 'react';
import type { DocumentPoint } from '../../../../src-shared/links/app-link';
import { useLinks } from './links-store';

/**
 * Calls `apply` with each point a link asks this document to show (also one asked for before the
 * view mounted). `apply` returns a message when the point is not in the document, shown as the
 * link notice.
 */
export function useDocFocus(docKey: string, apply: (at: DocumentPoint) => string | null): void {
  const focus = useLinks((s) => (s.docFocus?.key === docKey ? s.docFocus : null));
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    if (!focus) return;
    const problem = latest.current(focus.at);
    useLinks.setState({ docFocus: null });
    if (problem) useLinks.getState().setNotice(problem);
  }, [focus]);
}

/** Tells the links store which point of `docKey` is shown (null: the document as a whole). */
export function useReportDocPoint(docKey: string, at: DocumentPoint | null): void {
  const json = JSON.stringify(at);
  useEffect(() => {
    useLinks.getState().reportDocPoint(docKey, JSON.parse(json) as DocumentPoint | null);
  }, [docKey, json]);
}
