// A return's page: the return, loaded once, and the decisions on it; each answer replaces the return shown.
import type { AdminReturn, AdminReturnRefundBody } from '@rangrez/contract/schemas/returns';
import { useEffect, useState } from 'react';
import { errorText } from './api';
import type { ReturnAction } from './api-returns';
import type { NoticeState } from './components/ui';
import { useAdminSession } from './session';

export function useReturn(id: string) {
  const { api } = useAdminSession();
  const [ret, setRet] = useState<AdminReturn | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);

  useEffect(() => {
    let live = true;
    api.return(id).then(
      (answer) => live && setRet(answer.return),
      (error: unknown) => live && setNotice({ kind: 'error', text: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, id]);

  return {
    ret,
    notice,
    /** Makes the decision; true when it was made (the notice says what happened either way). */
    async decide(action: ReturnAction, body?: { reason: string } | AdminReturnRefundBody): Promise<boolean> {
      try {
        const answer = await api.decideReturn(id, action, body);
        setRet(answer.return);
        setNotice({ kind: 'success', text: answer.message });
        return true;
      } catch (error) {
        setNotice({ kind: 'error', text: errorText(error) });
        return false;
      }
    },
    video: (evidenceId: string) => api.returnVideo(id, evidenceId),
  };
}

export type ReturnPageState = ReturnType<typeof useReturn>;
