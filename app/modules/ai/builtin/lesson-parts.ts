import type { TranslationChoice } from "~/modules/bible/translations";
import { joinList, keyPhrase, type VerseKind } from "./text";
import { fill, type Voice } from "./voice";

/** A passage as the shared lesson parts see it. */
export interface LessonVerse {
  reference: string;
  text: string;
  kind: VerseKind;
}

/** What a lesson is about: a topic ("faith and works") or a passage ("Romans 8:28-39"). */
export type Focus = { kind: "topic"; subject: string } | { kind: "passage"; reference: string };

/** The line that says which translation is quoted, and why when it is not the one asked for. */
export function translationNote(translation: TranslationChoice): string | undefined {
  return translation.note;
}

/** A hands-on activity for the group, built on the lesson's own passages. */
export function activityFor(focus: Focus, verses: LessonVerse[], voice: Voice): string {
  const references = verses.map((verse) => `(${verse.reference})`);
  const values = {
    list: joinList(references),
    about: focus.kind === "topic" ? `our understanding of ${focus.subject}` : `the passage as a whole`,
    says: focus.kind === "topic" ? `says about ${focus.subject}` : `says`,
    struggle: focus.kind === "topic" ? `who would be helped by what Scripture says about ${focus.subject}` : `who needs to hear what ${focus.reference} says right now`,
    parts: focus.kind === "topic" ? "key scriptures" : "sections of the passage",
    theme: focus.kind === "topic" ? focus.subject : "this passage",
  };
  const activities = [
    {
      name: "Verse Mapping",
      steps: [
        "Split into pairs and give each pair one of the {parts}: {list}.",
        "Each pair writes their verse out by hand, circles the repeated words, underlines anything God does, and boxes anything we are told to do.",
        "After five minutes, each pair shows their page and says in one sentence what their passage adds to {about}.",
      ],
    },
    {
      name: "Two Columns",
      steps: [
        "Draw two columns on a large sheet: *What God does* and *How we respond*.",
        "Read {list} aloud one at a time. After each, the group calls out what belongs in each column.",
        "Step back and look at the sheet together: which column is longer, and what does that say about {theme}?",
      ],
    },
    {
      name: "One Word Each",
      steps: [
        "Give each person one of the {parts} ({list}) and one minute of silence to reread it.",
        "Each person sums up what their passage {says} in a single word, and writes it on a sticky note.",
        "Arrange the notes together on a wall or table and ask: what sentence could we make from these words?",
      ],
    },
    {
      name: "A Message to a Friend",
      steps: [
        "Ask everyone to picture a friend {struggle}.",
        "Each person writes a short message (the length of a text) to that friend, using one of {list} in their own words.",
        "Volunteers read their message aloud. Talk about what makes Scripture land as good news rather than a lecture.",
      ],
    },
  ];
  const prayerStations = {
    name: "Prayer Stations",
    steps: [
      "Set out the {parts} ({list}) on cards around the room, one per station.",
      "In silence, people move between the stations, read each passage slowly, and write a one-line prayer in response on the card.",
      "Gather again and read a few of the prayers aloud as the group's closing prayer.",
    ],
  };
  const choice = voice.devotional ? prayerStations : voice.pick("activity", activities);
  const minutes = voice.plain ? "10 minutes" : "15 minutes";
  return [
    `**${choice.name}** (about ${minutes})`,
    "",
    ...choice.steps.map((step, index) => `${index + 1}. ${fill(step, values)}`),
  ].join("\n");
}

/** How to run the session, with times, for whoever leads it. */
export function sessionPlan(focus: Focus, verses: LessonVerse[], voice: Voice): string {
  const openers =
    focus.kind === "topic"
      ? [
          `When did you last see someone live out ${focus.subject} well? What did it look like?`,
          `What words come to mind when you hear "${focus.subject}"? Write them down before reading.`,
          `On a scale of 1 to 10, how clearly could you explain what the Bible says about ${focus.subject}? Why that number?`,
        ]
      : [
          `Have you read ${focus.reference} before? What do you remember about it?`,
          "What is one thing you are hoping God will say to you tonight?",
          "Share one high and one low from your week, then pray briefly before reading.",
        ];
  const rows = [
    `1. **Welcome and opening question** (5 minutes): ${voice.pick("opener", openers)}`,
    `2. **Read the Scriptures** (10 minutes): ask ${verses.length > 3 ? "different people" : "someone"} to read ${focus.kind === "topic" ? "the key scriptures" : focus.reference} aloud, slowly.`,
    `3. **Discuss** (20 minutes): work through the discussion questions; there is no need to finish them all.`,
    `4. **Group activity** (${voice.plain ? "10" : "15"} minutes).`,
    `5. **Apply and pray** (10 minutes): invite each person to choose one application point, then close with the prayer.`,
  ];
  const tip = voice.pick("tip", [
    "Leader's tip: let silence do some work. After asking a question, wait a little longer than feels comfortable before answering it yourself.",
    "Leader's tip: keep bringing the group back to the text with \"Where do you see that in the passage?\"",
    "Leader's tip: newcomers may not know where the books are; give page numbers or read from one shared Bible.",
  ]);
  return [...rows, "", tip].join("\n");
}

/** A short closing prayer in the tone of the settings, grounded in one of the lesson's passages. */
export function closingPrayer(focus: Focus, verses: LessonVerse[], voice: Voice): string {
  const subject = focus.kind === "topic" ? focus.subject : `what we have read in ${focus.reference}`;
  const living = focus.kind === "topic" ? focus.subject : "this word";
  const anchor =
    verses.find((verse) => verse.kind === "promise") ??
    verses.find((verse) => verse.kind === "praise") ??
    verses.find((verse) => verse.kind === "teaching") ??
    verses[0];
  const phrase = anchor ? keyPhrase(anchor.text, { maxWords: 12 }) : "";
  const quoted = anchor ? `“${phrase}” (${anchor.reference})` : "your word";
  const lines: Record<Voice["tone"], string[]> = {
    Pastoral: [
      "Father, thank you for speaking to us through your word, and for the words we have held onto today: {quoted}. Where {living} is hard for us, meet us with your grace, and help us to live what we have read this week. In Jesus' name, amen.",
      "Lord, you know each of us and what we carry. Thank you for reminding us: {quoted}. Shape us by {subject}, and keep us close to you and to one another. Amen.",
    ],
    Conversational: [
      "God, thanks for this time together and for what we read: {quoted}. Help us actually live this out this week, in the ordinary stuff. Amen.",
      "Lord, we've talked a lot about {subject}. Now help us live it. Keep this line in front of us all week: {quoted}. Amen.",
    ],
    Inspirational: [
      "Mighty God, your word is alive, and we have heard it: {quoted}. Fill us with your Spirit, make {living} real in us, and send us out to shine for you. Amen!",
      "Lord, lift our eyes to what you can do. Let these words carry us into this week with courage and joy: {quoted}. Amen.",
    ],
    Formal: [
      "Almighty God, we thank you for your holy word, and for these words in particular: {quoted}. Grant us grace to understand and to practise {living}, to the glory of your name; through Jesus Christ our Lord. Amen.",
      "Gracious God, we give thanks for the Scriptures we have studied, and for this word above all: {quoted}. Strengthen us to walk in {living}; through Jesus Christ our Lord. Amen.",
    ],
  };
  return fill(voice.pick("prayer", lines[voice.tone]), { quoted, subject, living });
}

const CITATION = /\(((?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)? \d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?(?:; \d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?)*)\)/g;

/** Footnotes or Endnotes citation style: every passage cited, in order of first appearance. */
export function citationList(content: string, voice: Voice): string {
  const seen: string[] = [];
  for (const match of content.matchAll(CITATION)) {
    if (!seen.includes(match[1]!)) seen.push(match[1]!);
  }
  const title = voice.settings.citationFormat === "Footnotes" ? "Scripture Notes" : "Scripture Index";
  return [`## ${title}`, "", "Every passage cited in this lesson, in order of appearance:", "", ...seen.map((reference, index) => `${index + 1}. (${reference})`)].join("\n");
}
