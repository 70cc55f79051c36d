/** First start without a sciagent home: say that these are demo sessions and how to open real ones. */
import { selectAppInfo } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { OpenFolderForm } from './OpenFolderForm';

export function DemoBanner() {
  const info = useAppStore(selectAppInfo);
  const dismissed = useAppStore((s) => s.bannerDismissed);
  if (!info?.demo || dismissed) return null;
  const desktop = Boolean(window.host);
  return (
    <div className="demo-banner" data-testid="demo-banner" role="note">
      <div className="demo-text">
        <strong>Demo sessions.</strong> No sciagent home was found, so these are real provenance logs shipped
        with the app. To open your own,{' '}
        {desktop ? (
          <>
            use <b>File ▸ Open Folder…</b>, or type a path here:
          </>
        ) : (
          <>
            start <code>lineage-explorer serve --home DIR</code> (or pass session folders), or type a path
            here:
          </>
        )}
      </div>
      <OpenFolderForm />
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={() => useAppStore.getState().dismissBanner()}
      >
        ×
      </button>
    </div>
  );
}
