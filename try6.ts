import { lessonFromTopic, lessonFromPassage } from "~/modules/ai/builtin/lessons.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { getPassage } from "~/modules/bible/passages.server";
const settings = defaultAiSettings;
for (const round of [1,2]) {
for (const t of ["Church conflict","Marriage","Doubt","Suffering"]) { const s=performance.now(); lessonFromTopic({topic:t, settings}); console.log(round, t, Math.round(performance.now()-s)); }
for (const p of ["Ruth 1","Romans 12:1-2","Mark 5:21-43"]) { const s=performance.now(); lessonFromPassage({passage:getPassage(p,"BSB"), settings}); console.log(round, p, Math.round(performance.now()-s)); }
}
