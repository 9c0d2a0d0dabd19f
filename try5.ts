import { lessonFromTopic, lessonFromPassage } from "~/modules/ai/builtin/lessons.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { getPassage } from "~/modules/bible/passages.server";
const [kind, input, aud] = process.argv.slice(2);
const settings = { ...defaultAiSettings, targetAudience: (aud ?? "Mixed") as never };
const t = performance.now();
const s = kind === "t" ? lessonFromTopic({ topic: input!, settings }) : lessonFromPassage({ passage: getPassage(input!, "BSB"), settings });
console.log(`# ${s.title}\n\n${s.content}`);
console.error(Math.round(performance.now() - t), "ms");
