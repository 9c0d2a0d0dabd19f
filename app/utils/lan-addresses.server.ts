import os from "node:os";

export type NetworkInterfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;

function isPrivateIpv4(address: string) {
  const [a, b] = address.split(".").map(Number);
  return a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

/**
 * The IPv4 addresses other devices on the local network can reach this computer at: no loopback,
 * no self-assigned link-local (169.254.x.x) addresses; home and church Wi-Fi (private ranges) first.
 */
export function lanAddresses(interfaces: NetworkInterfaces = os.networkInterfaces()): string[] {
  const found = new Set<string>();
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      const isIpv4 = entry.family === "IPv4" || (entry.family as unknown) === 4;
      if (!isIpv4 || entry.internal || entry.address.startsWith("169.254.")) continue;
      found.add(entry.address);
    }
  }
  return [...found].sort((left, right) => Number(isPrivateIpv4(right)) - Number(isPrivateIpv4(left)));
}

export function lanUrls(port: number, interfaces?: NetworkInterfaces): string[] {
  return lanAddresses(interfaces).map((address) => `http://${address}:${port}`);
}
