// Read by the configuration (ALLOWED_HOSTS) and by the Host check (app/server/host-check.server.ts).

/** A Host header (or ALLOWED_HOSTS entry) split up; `port` is null when none was written. */
export interface HostParts {
  name: string;
  port: number | null;
}

/** `name`, `name:port`, `[v6]` or `[v6]:port`, lower-cased, without a DNS root dot; null when malformed. */
export function parseHost(value: string): HostParts | null {
  const text = value.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && port > 65535) return null;
  return { name: match[1]!.replace(/\.$/, ""), port };
}
