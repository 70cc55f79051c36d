/**
 * A row of tabs (ARIA tablist): the panel under the graph, the ledger view and the TreeTrace side
 * panel all switch their body this way. The caller keeps which tab is on and renders the body.
 */
import type { ReactNode } from 'react';

export interface TabSpec<T extends string> {
  id: T;
  label: ReactNode;
  testId?: string;
}

interface TabStripProps<T extends string> {
  tabs: readonly TabSpec<T>[];
  value: T;
  onChange(id: T): void;
  /** Classes of the strip; its buttons use `tabClass` and, when on, `activeClass`. */
  className?: string;
  tabClass?: string;
  activeClass?: string;
  ariaLabel?: string;
}

export function TabStrip<T extends string>({
  tabs,
  value,
  onChange,
  className = 'tabs',
  tabClass = 'tab',
  activeClass = 'is-on',
  ariaLabel,
}: TabStripProps<T>) {
  return (
    <nav className={className} role="tablist" aria-label={ariaLabel}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={value === t.id}
          className={value === t.id ? `${tabClass} ${activeClass}` : tabClass}
          onClick={() => onChange(t.id)}
          data-testid={t.testId}
        >
          {t.label}
        </button>
      ))}
    </nav>
  );
}
