import { resetConfig } from "~/config.server";
import { startFakeOpenAi, type FakeOpenAi } from "./fake-openai";

/**
 * For tests that call the OpenAI provider in-process: starts the fake OpenAI-compatible server and
 * points this process's configuration at it (a key, its URL, a short AI timeout, no model override).
 */
export async function startFakeOpenAiForThisProcess({ timeoutMs }: { timeoutMs: number }): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = "test-key";
  process.env.OPENAI_BASE_URL = fake.baseUrl;
  process.env.AI_TIMEOUT_MS = String(timeoutMs);
  delete process.env.OPENAI_MODEL;
  resetConfig();
  return fake;
}
