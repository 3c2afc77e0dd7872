// The cash on delivery fee the owner set (docs/cod.md#fee), for the parts of pages that mention it. Asked when the
// part mounts (the answer may be kept by the browser for a minute); until it comes, and on the server's render,
// the store's default is shown, which is the fee unless the owner changed it.
import { COD_FEE_RUPEES } from '@rangrez/contract/rules/shipping';
import type { CodFeeResponse } from '@rangrez/contract/schemas';
import { useEffect, useState } from 'react';
import { api } from './api';

/** The fee in rupees; the default when the call fails (the server prices the order anyway). */
function fetchCodFee(): Promise<number> {
  return api<CodFeeResponse>('/cod/fee', { auth: false })
    .then((res) => res.fee)
    .catch(() => COD_FEE_RUPEES);
}

export function useCodFee(): number {
  const [fee, setFee] = useState(COD_FEE_RUPEES);
  useEffect(() => {
    let live = true;
    void fetchCodFee().then((value) => {
      if (live) setFee(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return fee;
}
