/**
 * The largest real account an import must take (docs/adr/0016): MAX_ITEMS_PER_USER (5,000) library
 * items and 1,000 lesson plans, in the shapes the app makes them. A quarter each of web articles
 * (1,500 words, with the built-in summary and learning bites), sermon transcripts (5,000 words,
 * the same), quotes (60 words) and book excerpts (250 words, each with its book); 200 authors; a
 * saved copy of every other lesson; two reading plans in progress. Texts come from the article
 * fixtures and the built-in writer, a few of each reused (so the zip compresses well; data.json's
 * size, which the limit is about, is the real one).
 */
import { lessonFromTopic } from "~/modules/ai/builtin/lessons.server";
import { summarize } from "~/modules/ai/builtin/summary.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { longArticleText } from "../../tests/fixtures/articles";

const VARIANTS = 8;
const DAY_MS = 86_400_000;

export function largeAccountData({ items = 5000, lessons = 1000 }: { items?: number; lessons?: number } = {}) {
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
  const processed = (words: number) =>
    Array.from({ length: VARIANTS }, (_, index) => {
      const text = `${longArticleText(words + index * 7)}\n\nPart ${index + 1}.`;
      const { summary, learningBites } = summarize({ title: `Article ${index}`, text, settings: defaultAiSettings });
      return { text, summary, learningBites };
    });
  const articles = processed(1500);
  const sermons = processed(5000);
  const quote = longArticleText(60);
  const excerpt = longArticleText(250);
  const topics = ["grace", "hope", "prayer", "patience", "forgiveness", "faith", "love", "wisdom"];
  const written = topics.map((topic) => lessonFromTopic({ topic, settings: defaultAiSettings }));

  const authors = Array.from({ length: 200 }, (_, index) => ({
    id: `author-${index}`,
    name: `Teacher ${index}`,
    bio: null,
    photoUrl: null,
    denomination: null,
    website: `https://example.org/teachers/${index}`,
    isFavorite: index < 10,
    createdAt: at(700),
  }));
  const books: Array<Record<string, unknown>> = [];
  const libraryItems = Array.from({ length: items }, (_, index) => {
    const kind = (["blog", "audio", "quote", "book"] as const)[index % 4];
    const authorId = `author-${index % 200}`;
    const base = {
      id: `item-${index}`,
      authorId,
      bookId: null as string | null,
      title: `Item ${index}: a study of grace and faith`,
      url: null as string | null,
      source: null as string | null,
      sourceTitle: null as string | null,
      authorName: `Teacher ${index % 200}`,
      aiSummary: null as string | null,
      aiLearningBites: null as string[] | null,
      aiProvider: null as string | null,
      aiModel: null as string | null,
      createdAt: at(index % 600),
    };
    if (kind === "blog" || kind === "audio") {
      const text = (kind === "blog" ? articles : sermons)[index % VARIANTS]!;
      const url = `https://example.org/${kind}/${index}`;
      return {
        ...base,
        contentType: kind,
        url,
        source: url,
        sourceTitle: "Example Ministries",
        transcript: text.text,
        aiSummary: text.summary,
        aiLearningBites: text.learningBites,
        aiProvider: "builtin",
        aiModel: "builtin",
      };
    }
    if (kind === "book") {
      const bookId = `book-${index}`;
      books.push({
        id: bookId,
        authorId,
        asin: "B00EXAMPLE",
        title: `Book ${index}`,
        authorName: `Teacher ${index % 200}`,
        coverUrl: "https://covers.openlibrary.org/b/id/1-M.jpg",
        amazonUrl: "https://openlibrary.org/works/OL1W",
        price: null,
        rating: null,
        createdAt: at(index % 600),
      });
      return { ...base, contentType: kind, bookId, transcript: excerpt };
    }
    return { ...base, contentType: kind, transcript: quote };
  });
  const studies = Array.from({ length: lessons }, (_, index) => ({
    id: `study-${index}`,
    title: written[index % VARIANTS]!.title,
    content: written[index % VARIANTS]!.content,
    studyType: "topic",
    input: topics[index % VARIANTS],
    translation: "BSB",
    aiProvider: "builtin",
    aiModel: "builtin",
    createdAt: at(index % 600),
  }));
  const days = (count: number, startDaysAgo: number) =>
    Array.from({ length: count }, (_, index) => ({
      dayNumber: index + 1,
      completedAt: at(startDaysAgo - index - 0.5),
    }));
  return {
    format: "sagacity-bites-export",
    version: 1,
    exportedAt: at(0),
    account: { id: "large-account", email: "pastor@example.org", createdAt: at(720) },
    profile: {
      displayName: "Pastor",
      favoriteTeachers: ["Teacher 1"],
      studyDepthPreference: "advanced",
      denomination: null,
      timeZone: "UTC",
      createdAt: at(720),
      updatedAt: at(1),
    },
    onboarding: null,
    authors,
    books,
    libraryItems,
    studies,
    savedStudies: studies
      .filter((_, index) => index % 2 === 0)
      .map((study) => ({ id: `save-${study.id}`, studyId: study.id, createdAt: study.createdAt })),
    readingPlans: [
      {
        id: "plan-1",
        planSlug: "romans-16-days",
        translation: "BSB",
        startDate: at(40),
        activatedAt: at(40),
        createdAt: at(40),
        progress: days(16, 39),
      },
    ],
    groups: [],
  };
}
