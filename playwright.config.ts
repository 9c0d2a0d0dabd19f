import net from "node:net";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Chosen once in the runner; workers inherit it through the environment.
process.env.E2E_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Every test makes its own account and context, so a file's tests spread over both workers: the last
  // minutes are not one long file running alone (xss.spec.ts asks for serial order itself).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  outputDir: "test-results/e2e",
  // Visual baselines (tests/e2e/screens.spec.ts) live beside the specs, one folder for all.
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } }],
  webServer: {
    // The real built server on a fresh temporary database; never the development one.
    command: "node --import tsx tests/support/e2e-server.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: { E2E_PORT: process.env.E2E_PORT },
  },
});
