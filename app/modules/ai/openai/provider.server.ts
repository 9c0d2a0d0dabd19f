import { openAiModel } from "../openai-client.server";
import type { AiProvider } from "../provider";
import { devotional } from "./devotional.server";
import { lessonFromPassage, lessonFromTopic } from "./lessons.server";
import { summarize } from "./summary.server";

/** The OpenAI-compatible provider, for the model the settings (or OPENAI_MODEL) name. */
export function openAiProvider(settingsModel: string): AiProvider {
  const model = openAiModel(settingsModel);
  return {
    name: "openai",
    model,
    lessonFromTopic: (input, options) => lessonFromTopic(model, input, options),
    lessonFromPassage: (input, options) => lessonFromPassage(model, input, options),
    devotional: (input, options) => devotional(model, input, options),
    summarize: (input, options) => summarize(model, input, options),
  };
}
