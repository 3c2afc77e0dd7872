// The audit page's filters: who, what and when. Checked with the API's own schema for these fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type AuditFilters, auditFiltersSchema } from '../audit-query';
import { TextField, buttonClass, secondaryButtonClass } from './ui';

const EMPTY = { actor: '', entityType: '', entityId: '', action: '', from: '', to: '' };

export function AuditFilterForm({ onSearch }: { onSearch: (filters: AuditFilters) => void }) {
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(auditFiltersSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const field = (name: keyof typeof EMPTY) => ({
    id: `audit-${name}`,
    error: errors[name]?.message,
    ...register(name),
  });
  return (
    <form
      noValidate
      role="search"
      aria-label="Filter the audit trail"
      onSubmit={handleSubmit(onSearch)}
      className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label="Actor (e-mail or system)" autoComplete="off" {...field('actor')} />
        <TextField label="Action" placeholder="staff.invite" autoComplete="off" {...field('action')} />
        <TextField label="Entity type" placeholder="staff" autoComplete="off" {...field('entityType')} />
        <TextField label="Entity id" autoComplete="off" {...field('entityId')} />
        <TextField label="From" type="date" {...field('from')} />
        <TextField label="To" type="date" {...field('to')} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={buttonClass}>
          Show entries
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            reset(EMPTY);
            onSearch({});
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
