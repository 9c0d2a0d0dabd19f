import * as React from "react";

const NonceContext = React.createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The per-request Content-Security-Policy nonce for inline scripts (empty in the browser). */
export function useNonce() {
  return React.useContext(NonceContext);
}
