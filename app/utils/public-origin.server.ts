import type { AppLoadContext } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { lanAddresses, type NetworkInterfaces } from "./lan-addresses.server";

/** 127.x.x.x, localhost or [::1]: an address only this computer can open. */
export function isLoopbackOrigin(origin: string) {
  return /^(127\.|localhost$|\[::1\]$)/.test(new URL(origin).hostname);
}

/**
 * The origin of links meant for other people (a group's invite link, a reset or sign-up invite
 * link): PUBLIC_URL when set, else the origin the Host check accepted for this request (never
 * Remix's request.url, whose port comes from X-Forwarded-Host whatever TRUST_PROXY says). A server
 * listening on every interface (a church's LAN install, the desktop app while it shares) but
 * opened on its own computer would hand out `http://127.0.0.1:…`, which means nothing on a
 * member's phone: it gives its LAN address on the same port instead.
 */
export function publicOrigin(
  context: Pick<AppLoadContext, "listensOnNetwork" | "requestOrigin">,
  interfaces?: NetworkInterfaces,
): string {
  const configured = getConfig().PUBLIC_URL;
  if (configured) return configured;
  const url = new URL(context.requestOrigin);
  if (context.listensOnNetwork && isLoopbackOrigin(url.origin)) {
    const [address] = lanAddresses(interfaces);
    if (address) return `${url.protocol}//${address}${url.port ? `:${url.port}` : ""}`;
  }
  return url.origin;
}
