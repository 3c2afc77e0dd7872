import { createContext, useContext } from 'react';

/** Set on the server only; in the browser scripts are already in the page, so no nonce is needed. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
