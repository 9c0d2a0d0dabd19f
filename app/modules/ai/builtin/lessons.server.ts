import { groundReferences } from "~/modules/bible/grounding.server";
import type { AiProvider, GeneratedStudy } from "../provider";
import { passageLesson } from "./passage-lesson.server";
import { topicLesson } from "./topic-lesson.server";

/**
 * Built-in lesson plans: written offline from the shipped Bible, the topical index and the
 * cross-references, deterministic for the same input and settings. Every reference still goes
 * through the grounding check, like the OpenAI provider's.
 */
function grounded(study: GeneratedStudy): GeneratedStudy {
  return { title: study.title, content: groundReferences(study.content).text };
}

export function lessonFromTopic(input: Parameters<AiProvider["lessonFromTopic"]>[0]): GeneratedStudy {
  return grounded(topicLesson(input.topic, input.settings));
}

export function lessonFromPassage(input: Parameters<AiProvider["lessonFromPassage"]>[0]): GeneratedStudy {
  return grounded(passageLesson(input.passage, input.settings));
}
