/**
 * Checks the AI endpoint the app is configured to use (OPENAI_API_KEY, OPENAI_BASE_URL,
 * OPENAI_MODEL, or the admin's model) with one tiny structured request:
 *   npm run ai:check
 * Exits 0 when the app can generate with it, 1 when not.
 */
import { pathToFileURL } from "node:url";
import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";

buildIfNeeded({ quiet: true });
const { checkAiConnectionFromCommandLine, aiCheckStepLabels } = await import(pathToFileURL(serverBuildPath).href);
try {
  const result = await checkAiConnectionFromCommandLine();
  for (const step of result.steps) {
    console.log(`${step.ok ? "✓" : "✗"} ${aiCheckStepLabels[step.name] ?? step.name} (${step.ms} ms): ${step.detail}`);
  }
  if (result.advice) console.log(`${result.ok ? "" : "How to fix: "}${result.advice}`);
  console.log(result.summary);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
