import { getConfig } from "~/config.server";
import { resolveTranslation } from "~/modules/bible/translations";
import { getAiProvider } from "./index.server";
import { getAiSettings } from "./settings.server";
import type { WriterInUse } from "./writer";

/**
 * What writes and which Bible text is quoted right now, said plainly on the AI Settings tab: the
 * spec's fields (model gpt-4o, translation NKJV) stay, but without an API key the built-in writer
 * and the Berean Standard Bible produce everything (issue 28: "the settings mislead").
 */
export function writerInUse(): WriterInUse {
  const config = getConfig();
  const settings = getAiSettings();
  const provider = getAiProvider();
  const translation = resolveTranslation(settings.translation);
  const scripture = {
    requested: translation.requested,
    shown: translation.shown,
    shownName: translation.shownName,
  };
  if (provider.name === "builtin") {
    return {
      provider: "builtin",
      model: provider.model,
      reason: config.AI_PROVIDER === "builtin" ? "chosen" : "no-key",
      scripture,
    };
  }
  return {
    provider: "openai",
    model: provider.model,
    modelFromEnvironment: Boolean(config.OPENAI_MODEL) && config.OPENAI_MODEL !== settings.model,
    endpoint: endpointHost(config.OPENAI_BASE_URL),
    scripture,
  };
}

/** The endpoint's host only (never a path, query or credentials): "api.openai.com" by default. */
function endpointHost(baseUrl: string | undefined) {
  if (!baseUrl) return "api.openai.com";
  try {
    return new URL(baseUrl).host;
  } catch {
    return "the configured endpoint";
  }
}
