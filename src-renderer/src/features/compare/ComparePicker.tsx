/**
 * The form that chooses what to compare: two sessions, or one session at two seqs. A seq left
 * empty means the whole log; "selected event" takes the seq of the event picked in the timeline.
 */
import { useMemo, useState, type FormEvent } from 'react';
import type { CompareSideRef, SessionListItem } from '../../../../src-shared/bridge/contract';
import { selectSelectedEventId, selectSelectedKey, selectSessions } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { closeCompare, openCompare, useCompare } from './compare-store';

interface SideDraft {
  key: string;
  seq: string;
}

const draftOf = (ref: CompareSideRef | null, fallback: string): SideDraft => ({
  key: ref?.sessionKey ?? fallback,
  seq: ref?.uptoSeq == null ? '' : String(ref.uptoSeq),
});

/** The seq of the event selected in the timeline of the shown session, if it has one. */
function useSelectedEventSeq(): { key: string; seq: number } | null {
  const eventId = useAppStore(selectSelectedEventId);
  const key = useAppStore((s) => s.viewKey);
  const timeline = useAppStore((s) => s.data?.timeline);
  if (!eventId || !key || !timeline) return null;
  const i = timeline.indexOf(eventId);
  const seq = i >= 0 ? timeline.seq(i) : null;
  return seq === null ? null : { key, seq };
}

function SideFields(props: {
  name: 'A' | 'B';
  draft: SideDraft;
  sessions: SessionListItem[];
  onChange(d: SideDraft): void;
  picked: { key: string; seq: number } | null;
}) {
  const { name, draft, sessions, onChange, picked } = props;
  const session = sessions.find((s) => s.key === draft.key);
  const id = `compare-${name.toLowerCase()}`;
  return (
    <fieldset className="compare-side-fields" data-testid={`compare-side-${name.toLowerCase()}`}>
      <legend>{name === 'A' ? 'A — before' : 'B — after'}</legend>
      <label htmlFor={`${id}-session`}>Session</label>
      <select
        id={`${id}-session`}
        className="select"
        value={draft.key}
        onChange={(e) => onChange({ ...draft, key: e.target.value })}
        data-testid="compare-session-select"
      >
        {sessions.map((s) => (
          <option key={s.key} value={s.key}>
            {s.sessionId} — {s.events} events
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-seq`}>Up to seq</label>
      <div className="compare-seq-row">
        <input
          id={`${id}-seq`}
          className="input"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder={session?.lastSeq != null ? `end (last seq ${session.lastSeq})` : 'end'}
          value={draft.seq}
          onChange={(e) => onChange({ ...draft, seq: e.target.value })}
          data-testid="compare-seq-input"
        />
        {picked && picked.key === draft.key && (
          <button
            type="button"
            className="button"
            title="The seq of the event selected in the timeline"
            onClick={() => onChange({ ...draft, seq: String(picked.seq) })}
          >
            Selected event (seq {picked.seq})
          </button>
        )}
      </div>
    </fieldset>
  );
}

function parseSeq(text: string): number | null | 'bad' {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : 'bad';
}

export function ComparePicker() {
  const sessions = useAppStore(selectSessions);
  const selectedKey = useAppStore(selectSelectedKey);
  const currentA = useCompare((s) => s.a);
  const currentB = useCompare((s) => s.b);
  const hasResult = useCompare((s) => s.result !== null || s.status === 'error');
  const fallback = selectedKey ?? sessions[0]?.key ?? '';
  const [a, setA] = useState(() => draftOf(currentA, fallback));
  const [b, setB] = useState(() => draftOf(currentB, fallback));
  const [problem, setProblem] = useState<string | null>(null);
  const picked = useSelectedEventSeq();
  const sorted = useMemo(
    () => [...sessions].sort((x, y) => x.sessionId.localeCompare(y.sessionId)),
    [sessions],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const seqA = parseSeq(a.seq);
    const seqB = parseSeq(b.seq);
    if (!a.key || !b.key) return setProblem('Choose a session for each side.');
    if (seqA === 'bad' || seqB === 'bad')
      return setProblem('A seq is a whole number, or empty for the whole log.');
    setProblem(null);
    void openCompare({ sessionKey: a.key, uptoSeq: seqA }, { sessionKey: b.key, uptoSeq: seqB });
  };

  if (sessions.length === 0) return <div className="compare-note">No sessions to compare yet.</div>;
  return (
    <form className="compare-picker" onSubmit={submit} data-testid="compare-picker">
      <p className="faint">
        Compare two sessions, or one session at two points: the graph as it was when that seq was read.
      </p>
      <div className="compare-picker-sides">
        <SideFields name="A" draft={a} sessions={sorted} onChange={setA} picked={picked} />
        <SideFields name="B" draft={b} sessions={sorted} onChange={setB} picked={picked} />
      </div>
      {problem && (
        <div className="compare-error" role="alert">
          {problem}
        </div>
      )}
      <div className="compare-picker-actions">
        <button type="submit" className="button compare-primary" data-testid="compare-submit">
          Compare
        </button>
        <button
          type="button"
          className="button"
          onClick={() => (hasResult ? useCompare.setState({ picking: false }) : closeCompare())}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
