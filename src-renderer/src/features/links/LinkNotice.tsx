/** The visible word when a link's target is not (yet) there, above whatever is shown. */
import { useLinks } from './links-store';

export function LinkNotice() {
  const notice = useLinks((s) => s.notice);
  if (!notice) return null;
  return (
    <div className="link-notice" role="status" data-testid="link-notice">
      <span className="link-notice-icon" aria-hidden="true">
        ⚠
      </span>
      <span>{notice}</span>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        onClick={() => {
          useLinks.getState().setNotice(null);
          useLinks.getState().setPending(null);
        }}
      >
        ×
      </button>
    </div>
  );
}
