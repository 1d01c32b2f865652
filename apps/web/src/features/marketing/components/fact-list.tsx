// Key figures as a description list: a big value above a short label. Two columns on phones (or
// `baseColumns`), all in one row from tablets up (or at most `maxColumns`).
import type { CSSProperties } from 'react';
import classes from './marketing.module.css';

export type Fact = { key: string; value: string; label: string };

export type FactListProps = { facts: Fact[]; label?: string; baseColumns?: number; maxColumns?: number };

export function FactList({ facts, label, baseColumns = 2, maxColumns = facts.length }: FactListProps) {
  const style = { '--facts-count': Math.min(maxColumns, facts.length), '--facts-base': baseColumns } as CSSProperties;
  return (
    <dl className={classes.facts} aria-label={label} style={style} data-compact={baseColumns > 2 || undefined}>
      {facts.map((fact) => (
        <div key={fact.key} className={classes.fact}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
