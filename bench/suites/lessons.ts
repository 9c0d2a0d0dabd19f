import { lessonFromPassage, lessonFromTopic } from "~/modules/ai/builtin/lessons.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { getPassage } from "~/modules/bible/passages.server";
import { UnprocessableError } from "~/utils/errors";
import type { BenchSuite } from "../run";
import { measure, type Timing } from "../stats";

/** 50 topics as people type them: single words, phrases, questions, life situations. */
const benchTopics = [
  "Faith and Works",
  "Forgiveness",
  "Prayer",
  "Grace",
  "Hope in suffering",
  "Anxiety",
  "Dealing with grief",
  "Leadership",
  "Money",
  "Marriage",
  "Parenting",
  "The Holy Spirit",
  "Humility",
  "Anger",
  "Contentment",
  "Gratitude",
  "Worship",
  "Evangelism",
  "Discipleship",
  "Community",
  "Justice for the poor",
  "Salvation",
  "Temptation",
  "Patience",
  "Courage",
  "Doubt",
  "Trusting God",
  "Obedience",
  "Holiness",
  "Wisdom for decisions",
  "Serving others",
  "Unity in the church",
  "Fasting",
  "Heaven",
  "The resurrection",
  "Repentance",
  "Loving your neighbor",
  "Joy",
  "Peace",
  "Work and calling",
  "Our words",
  "Hospitality",
  "Perseverance",
  "Assurance of salvation",
  "Creation",
  "Healing",
  "Death and eternal life",
  "Envy",
  "Self-control",
  "Kindness",
];

/** 50 passages of every shape: verses, ranges, whole chapters, several parts, both testaments. */
const benchPassages = [
  "John 3:16-21",
  "Psalm 23",
  "Romans 8:28-39",
  "Matthew 5:1-12",
  "1 Corinthians 13",
  "Genesis 1:1-2:3",
  "Exodus 20:1-17",
  "Isaiah 53",
  "Philippians 4:4-9",
  "James 2:14-26",
  "Ephesians 2:1-10",
  "Luke 15:11-32",
  "Hebrews 11:1-16",
  "Proverbs 3:1-12",
  "Psalm 139",
  "Romans 12:1-2",
  "John 15:1-17",
  "Galatians 5:16-26",
  "Colossians 3:1-17",
  "1 Peter 1:3-9",
  "Mark 4:35-41",
  "Acts 2:37-47",
  "Ruth 1",
  "Jonah 2",
  "Micah 6:6-8",
  "Lamentations 3:19-33",
  "Habakkuk 3:17-19",
  "Matthew 6:25-34",
  "Luke 10:25-37",
  "John 11:17-44",
  "Romans 5:1-11",
  "2 Corinthians 4:7-18",
  "Philippians 2:1-11",
  "1 Thessalonians 4:13-18",
  "2 Timothy 3:14-17",
  "Revelation 21:1-7",
  "Joshua 1:1-9",
  "1 Samuel 17:32-50",
  "Daniel 3:13-30",
  "Nehemiah 1",
  "Psalm 1",
  "Psalm 51:1-12",
  "Ecclesiastes 3:1-15",
  "Jeremiah 29:4-14",
  "Jn 1:1-18",
  "Rom 3:21-26; 5:8",
  "Jude 20-25",
  "Matthew 28:16-20",
  "1 John 4:7-21",
  "Genesis 22:1-19",
];

export const lessonsSuite: BenchSuite = {
  name: "builtinLessons",
  aliases: ["lessons"],
  description: "Built-in lesson plan generation (offline), 50 topics and 50 passages",
  async run() {
    const settings = defaultAiSettings;
    // The first call opens the Bible database and builds the reference parser: measured apart.
    const coldStart = performance.now();
    lessonFromTopic({ topic: "Faith", settings });
    const firstCallMs = performance.now() - coldStart;
    // A topic with no reviewed passages is refused (a 422 naming the closest topics): timed too.
    let refused = 0;
    const topics = measure(benchTopics, (topic) => {
      try {
        return lessonFromTopic({ topic, settings });
      } catch (error) {
        if (!(error instanceof UnprocessableError)) throw error;
        refused++;
        return null;
      }
    });
    const passages = measure(benchPassages, (reference) =>
      lessonFromPassage({ passage: getPassage(reference, settings.translation), settings }),
    );
    return {
      firstCallMs: Math.round(firstCallMs),
      refusedTopics: refused,
      topic: topics,
      passage: passages,
      target: "p50 <= 50 ms",
    };
  },
  print(result) {
    const r = result as { firstCallMs: number; topic: Timing; passage: Timing };
    const line = (label: string, timing: Timing) =>
      `${label} (n=${timing.n}): p50 ${timing.p50} ms, p95 ${timing.p95} ms, max ${timing.max} ms (CPU p50 ${timing.cpuP50} ms, p95 ${timing.cpuP95} ms)`;
    return [
      `first call (cold): ${r.firstCallMs} ms`,
      line("topic lessons  ", r.topic),
      line("passage lessons", r.passage),
      "target: p50 <= 50 ms",
    ];
  },
};
