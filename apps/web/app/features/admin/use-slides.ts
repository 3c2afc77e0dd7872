// The slides page's list in display order, and its reordering: the new order shows at once and is saved whole
// with PUT /admin/slides/order (every id once); a refusal puts the server's order back and says why.
import type { AdminSlide } from '@rangrez/contract/schemas/admin-slides';
import { useState } from 'react';
import { type AdminApi, errorText } from './api';
import { moved } from './list-order';
import type { NoticeState } from './components/ui';
import { useAdminData } from './use-admin-data';
import { useAdminSession } from './session';

const loadSlides = (api: AdminApi) => api.slides().then((answer) => answer.slides);

export function useSlides() {
  const { api } = useAdminSession();
  const loaded = useAdminData(loadSlides);
  // The order being saved or just saved, until the next load; null: the server's.
  const [order, setOrder] = useState<AdminSlide[] | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [saving, setSaving] = useState(false);
  const slides = order ?? loaded.data ?? [];

  async function move(from: number, to: number) {
    if (from === to || to < 0 || to >= slides.length || saving) return;
    const next = moved(slides, from, to);
    setOrder(next);
    setNotice(null);
    setSaving(true);
    try {
      const answer = await api.orderSlides(next.map((s) => s._id));
      setOrder(answer.slides);
      setNotice({
        kind: 'success',
        text: `Order saved: “${next[to]?.title ?? ''}” is now number ${to + 1}.`,
      });
    } catch (error) {
      setOrder(null);
      setNotice({ kind: 'error', text: errorText(error) });
      loaded.reload();
    } finally {
      setSaving(false);
    }
  }

  return { slides, loading: loaded.loading && !loaded.data, error: loaded.error, notice, saving, move };
}
