/**
 * Debian's Chromium as every browser test launches it (Playwright's e2e project, the desktop
 * window tests): never a downloaded browser, no sandbox (CI runs as root), nothing phoning home.
 *
 * The tests run headless, so they drive Debian's `chromium-headless-shell` (the same Chromium
 * release built as the old headless shell, which is also what Playwright itself launches for headless
 * runs): the full browser's new headless mode cost a third more CPU on the 2-core machine, where
 * the browser is most of the suite's work (docs/adr/0018-a-suite-without-clocks.md).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};
