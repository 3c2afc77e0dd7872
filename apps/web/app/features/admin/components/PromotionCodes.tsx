// A batch promotion's single-use codes (docs/admin.md#promotions): how many exist and are taken, making more, and
// the CSV of all of them (code, used, created_at) to hand out or mail.
import type { AdminPromotion } from '@rangrez/contract/schemas/admin-promotions';
import { type FormEvent, useState } from 'react';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { ExportButton } from './ExportButton';
import { Notice, type NoticeState, TextField, secondaryButtonClass } from './ui';

export function PromotionCodes({
  promotion,
  canWrite,
  onChanged,
}: {
  promotion: AdminPromotion;
  canWrite: boolean;
  onChanged: (p: AdminPromotion) => void;
}) {
  const { api } = useAdminSession();
  const [count, setCount] = useState('100');
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState(false);
  async function generate(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.generatePromotionCodes(promotion.id, Number(count.trim()));
      onChanged({ ...promotion, batchCodes: answer.batchCodes });
      setNotice({
        kind: 'success',
        text: `${answer.codes.length} codes made; the batch holds ${answer.batchCodes}.`,
      });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section
      aria-labelledby="promotion-codes"
      className="mb-8 flex flex-col gap-4 rounded-xl border border-black/10 bg-white p-4"
    >
      <h2 id="promotion-codes" className="text-lg font-bold">
        Single-use codes
      </h2>
      <p className="text-sm">
        {promotion.batchCodes} in the batch, {promotion.batchCodesUsed} taken by orders.
      </p>
      {canWrite ? (
        <form noValidate onSubmit={(e) => void generate(e)} className="flex flex-wrap items-end gap-3">
          <TextField
            id="promotion-code-count"
            label="How many codes to make"
            inputMode="numeric"
            autoComplete="off"
            value={count}
            onChange={(e) => setCount(e.currentTarget.value)}
          />
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className={secondaryButtonClass}
          >
            Generate codes
          </button>
        </form>
      ) : null}
      <Notice notice={notice} />
      {promotion.batchCodes > 0 ? (
        <ExportButton
          label="Download codes (CSV)"
          baseName={`promotion-${promotion.id}-codes`}
          load={(client) => client.exportPromotionCodes(promotion.id)}
        />
      ) : null}
    </section>
  );
}
