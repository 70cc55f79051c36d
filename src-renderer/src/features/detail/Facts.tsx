/** A compact two-column list of facts; empty values are left out rather than shown as dashes. */
import type { ReactNode } from 'react';

export type Fact = [label: string, value: ReactNode];

export function Facts({ facts }: { facts: Fact[] }) {
  const shown = facts.filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="facts">
      {shown.map(([k, v]) => (
        <div key={k} className="fact">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
