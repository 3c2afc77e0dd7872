// The order page's data and its actions (docs/admin.md#orders): the order as the server answers it, loaded again
// after every action, whose answer (in the server's words) becomes the page's notice.
import type { AdminOrderDetail } from '@rangrez/contract/schemas/admin-orders-desk';
import { useCallback, useEffect, useState } from 'react';
import { type AdminApi, errorText } from './api';
import { useAdminSession } from './session';
import type { NoticeState } from './components/ui';

export function useOrderPage(orderId: string) {
  const { api } = useAdminSession();
  const [order, setOrder] = useState<AdminOrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    api.order(orderId).then(
      (o) => live && (setOrder(o), setError(null)),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api, orderId, version]);

  /** Runs one action; its message is shown and the order loaded again. Throws the refusal for the dialog. */
  const run = useCallback(
    async (action: (api: AdminApi) => Promise<{ message?: string }>, done?: string) => {
      const answer = await action(api);
      setNotice({ kind: 'success', text: answer.message ?? done ?? 'Done' });
      setVersion((v) => v + 1);
    },
    [api],
  );

  return { order, error, notice, run };
}
