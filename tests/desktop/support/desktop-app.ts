import { createDesktopApp, type DesktopAppOptions } from "../../../desktop/src/desktop-app";
import type { FakeElectron } from "./fake-electron";
import { serverHost } from "./server-host";

/**
 * The desktop app as the tests start it: on the recording Electron stand-in, running the real
 * server build through the compiled server host, as on Linux, silent (no log lines, no server
 * output). `options` adds to these or replaces them.
 */
export function createTestDesktopApp(
  fake: FakeElectron,
  appRoot: string,
  options: Omit<DesktopAppOptions, "electron" | "appRoot"> = {},
) {
  return createDesktopApp({
    electron: fake.electron,
    appRoot,
    serverHost,
    env: process.env,
    platform: "linux",
    log: { log: () => {}, error: () => {} },
    quietServer: true,
    ...options,
  });
}
