// The fields an audited change touched, each before and after, as the audit trail and a product's timeline show
// them; the arrow is read out as "changed to".
import type { AuditEntry } from '@rangrez/contract/schemas/admin';

type Fields = AuditEntry['before'];

function shown(fields: Fields, key: string): string {
  if (!fields || !(key in fields)) return '—';
  const value = fields[key];
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function Changes({ before, after }: { before: Fields; after: Fields }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <span className="text-neutral-600">—</span>;
  return (
    <ul className="space-y-1">
      {keys.map((key) => (
        <li key={key} className="text-xs">
          <span className="font-mono font-semibold">{key}</span>: {shown(before, key)}{' '}
          <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span> {shown(after, key)}
        </li>
      ))}
    </ul>
  );
}
