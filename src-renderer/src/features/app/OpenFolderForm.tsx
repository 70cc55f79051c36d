/** "Open folder…": a path field that asks the host to follow another sciagent home, session or log. */
import { useState, type FormEvent } from 'react';
import { openFolder } from '../../state/host-sync';

export function OpenFolderForm({ compact = false }: { compact?: boolean }) {
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = path.trim();
    if (!value || busy) return;
    setBusy(true);
    const ok = await openFolder(value);
    setBusy(false);
    if (ok) setPath('');
  }

  return (
    <form className={`open-folder${compact ? ' is-compact' : ''}`} onSubmit={submit}>
      <input
        className="input mono"
        data-testid="open-folder-input"
        placeholder={compact ? 'Open folder… (path on the host)' : '/path/to/.sciagent or a session folder'}
        value={path}
        onChange={(e) => setPath(e.target.value)}
        aria-label="Folder or file to open"
        spellCheck={false}
      />
      <button type="submit" className="button" disabled={!path.trim() || busy}>
        {busy ? 'Opening…' : 'Open'}
      </button>
    </form>
  );
}
