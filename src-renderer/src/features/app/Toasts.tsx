/** Short-lived messages (host notices, failed calls), bottom centre, each gone after a few seconds. */
import { useEffect } from 'react';
import { selectToasts } from '../../state/selectors';
import { useAppStore } from '../../state/store';

const TOAST_MS = 6000;

export function Toasts() {
  const toasts = useAppStore(selectToasts);
  useEffect(() => {
    if (toasts.length === 0) return;
    const oldest = toasts[0]!;
    const t = setTimeout(() => useAppStore.getState().dropToast(oldest.id), TOAST_MS);
    return () => clearTimeout(t);
  }, [toasts]);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} data-testid="toast">
          {t.message}
          <button
            type="button"
            className="icon-button"
            onClick={() => useAppStore.getState().dropToast(t.id)}
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
