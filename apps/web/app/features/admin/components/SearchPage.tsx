// /admin/search (products:read; editing synonyms needs products:write): the searches that found nothing, most
// recent first, and the synonym sets search expands words with (docs/admin.md#search).
import { roleCan } from '@rangrez/contract/rules/staff-roles';
import type { AdminSearchMiss, AdminSynonym } from '@rangrez/contract/schemas/search';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorText } from '../api';
import { formatDateTime } from '../format';
import { useAdminSession } from '../session';
import { RequirePermission } from './RequirePermission';
import { Notice, type NoticeState, PageHeading, TextField, buttonClass, secondaryButtonClass } from './ui';

export function SearchPage() {
  return (
    <RequirePermission permission="products:read">
      <PageHeading title="Search">
        What shoppers searched for and found nothing, and the words search treats as the same.
      </PageHeading>
      <div className="grid gap-8 lg:grid-cols-2">
        <Misses />
        <Synonyms />
      </div>
    </RequirePermission>
  );
}

function Misses() {
  const { api } = useAdminSession();
  const [misses, setMisses] = useState<AdminSearchMiss[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.searchMisses().then(
      (list) => live && setMisses(list.misses),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <section aria-labelledby="misses-heading">
      <h2 id="misses-heading" className="mb-3 text-lg font-extrabold">
        Searches with no results
      </h2>
      {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
      {misses && misses.length === 0 ? <p>No search has come back empty yet.</p> : null}
      {misses && misses.length > 0 ? (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Search</th>
              <th scope="col">Times</th>
              <th scope="col">Last searched</th>
            </tr>
          </thead>
          <tbody>
            {misses.map((m) => (
              <tr key={m.query} className="border-t border-black/10">
                <td className="py-2">{m.query}</td>
                <td>{m.count}</td>
                <td>{formatDateTime(m.lastSeenAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** 'tee, t-shirt' -> ['tee', 't-shirt']. */
const termsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

function useSynonyms() {
  const { api } = useAdminSession();
  const [synonyms, setSynonyms] = useState<AdminSynonym[] | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const reload = useCallback(
    () =>
      api.synonyms().then(
        (list) => setSynonyms(list.synonyms),
        (e: unknown) => setNotice({ kind: 'error', text: errorText(e) }),
      ),
    [api],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      setNotice({ kind: 'success', text: done });
      await reload();
      return true;
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
      return false;
    }
  };
  return { api, synonyms, notice, run };
}

function Synonyms() {
  const { staff } = useAdminSession();
  const { api, synonyms, notice, run } = useSynonyms();
  const canEdit = roleCan(staff.role, 'products:write');
  const [text, setText] = useState('');
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => api.createSynonym({ terms: termsOf(text) }), 'Synonym added')) setText('');
  };
  return (
    <section aria-labelledby="synonyms-heading">
      <h2 id="synonyms-heading" className="mb-3 text-lg font-extrabold">
        Synonyms
      </h2>
      <Notice notice={notice} />
      <ul className="my-3 flex flex-col gap-2">
        {(synonyms ?? []).map((s) => (
          <SynonymRow key={s.id} synonym={s} canEdit={canEdit} run={run} />
        ))}
      </ul>
      {canEdit ? (
        <form onSubmit={add} className="flex flex-col gap-2">
          <TextField
            id="synonym-new"
            label="New synonym (terms separated by commas)"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <button type="submit" className={buttonClass}>
            Add synonym
          </button>
        </form>
      ) : null}
    </section>
  );
}

function SynonymRow({
  synonym,
  canEdit,
  run,
}: {
  synonym: AdminSynonym;
  canEdit: boolean;
  run: (change: () => Promise<unknown>, done: string) => Promise<boolean>;
}) {
  const { api } = useAdminSession();
  const [text, setText] = useState(synonym.terms.join(', '));
  if (!canEdit) return <li>{synonym.terms.join(', ')}</li>;
  const label = synonym.terms.join(', ');
  return (
    <li>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => api.updateSynonym(synonym.id, { terms: termsOf(text) }), 'Synonym saved');
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField
            id={`synonym-${synonym.id}`}
            label={`Terms of ${label}`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className={secondaryButtonClass} aria-label={`Save ${label}`}>
          Save
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={`Delete ${label}`}
          onClick={() => void run(() => api.deleteSynonym(synonym.id), 'Synonym deleted')}
        >
          Delete
        </button>
      </form>
    </li>
  );
}
