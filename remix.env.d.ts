/// <reference types="vite/client" />
/// <reference types="@remix-run/node" />

import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
  /** What the server entry (app/server/index.ts) gives every loader and action. */
  interface AppLoadContext {
    clientAddress: string;
    cspNonce: string;
    /** The server listens on every interface (no HOST, 0.0.0.0 or ::), so other devices can reach it. */
    listensOnNetwork: boolean;
    /** The origin the Host check accepted for this request (`X-Forwarded-Host` behind TRUST_PROXY, else `Host`). */
    requestOrigin: string;
  }
}
