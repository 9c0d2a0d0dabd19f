/**
 * Everyday study topics phrased as people ask them, mapped to the words the Bible uses and to the
 * matching entries of Nave's Topical Bible. "Anxiety" is rare in older translations, but
 * "anxious", "care" and "fear" are not; "leadership" is not a Nave topic, "Rulers" and
 * "Shepherd" are.
 */
export interface Concept {
  /** Words that name the concept in a query (matched after light stemming). */
  match: string[];
  /** Words to search the verses for. */
  words: string[];
  /** Nave topics to draw on (names as in topics.json). */
  topics: string[];
}

export const concepts: Concept[] = [
  { match: ["anxiety", "anxious", "worry", "worries", "stress"], words: ["anxious", "anxiety", "worry", "cares", "troubled"], topics: ["Care", "Fear"] },
  { match: ["depression", "despair", "discouragement", "discouraged", "downcast"], words: ["downcast", "despair", "troubled", "hope", "heavy"], topics: ["Despondency", "Afflictions and Adversities"] },
  { match: ["grief", "grieving", "mourning", "loss", "bereavement"], words: ["mourn", "grief", "weep", "comfort", "sorrow"], topics: ["Sorrow", "Bereavement"] },
  { match: ["leadership", "leader", "leaders", "leading"], words: ["shepherd", "overseer", "elders", "serve", "lead"], topics: ["Rulers", "Shepherd", "Elder"] },
  { match: ["money", "finances", "finance", "wealth", "possessions", "greed"], words: ["riches", "wealth", "money", "treasure", "content"], topics: ["Riches", "Covetousness", "Liberality"] },
  { match: ["generosity", "giving", "tithing", "tithe", "stewardship"], words: ["give", "generous", "cheerful", "tithe", "steward"], topics: ["Liberality", "Beneficence", "Tithes", "Steward"] },
  { match: ["marriage", "married", "spouse", "husbands", "wives"], words: ["husband", "wife", "marriage", "united"], topics: ["Marriage", "Husband", "Wife"] },
  { match: ["parenting", "parents", "children", "family", "families"], words: ["children", "father", "mother", "train", "household"], topics: ["Parents", "Children", "Family"] },
  { match: ["identity", "belonging", "adopted", "adoption"], words: ["children", "adopted", "heirs", "new", "chosen"], topics: ["Adoption", "Regeneration"] },
  { match: ["temptation", "tempted", "addiction"], words: ["tempted", "temptation", "escape", "flee", "resist"], topics: ["Temptation"] },
  { match: ["patience", "waiting", "wait"], words: ["patience", "wait", "patient", "endure"], topics: ["Patience", "Perseverance"] },
  { match: ["humility", "humble", "pride", "proud"], words: ["humble", "humility", "proud", "pride", "lowly"], topics: ["Humility", "Pride"] },
  { match: ["anger", "angry", "rage", "temper"], words: ["anger", "angry", "wrath", "slow"], topics: ["Anger"] },
  { match: ["contentment", "content", "satisfaction"], words: ["content", "contentment", "enough", "satisfied"], topics: ["Contentment"] },
  { match: ["gratitude", "thankfulness", "thanksgiving", "thanks", "grateful"], words: ["thanks", "thanksgiving", "thankful", "grateful"], topics: ["Thankfulness", "Praise"] },
  { match: ["worship", "praise"], words: ["worship", "praise", "sing", "glorify"], topics: ["Worship", "Praise"] },
  { match: ["evangelism", "witnessing", "witness", "mission", "missions", "outreach"], words: ["gospel", "preach", "witness", "nations", "proclaim"], topics: ["Missions", "Preaching", "Gospel"] },
  { match: ["discipleship", "disciple", "disciples", "following"], words: ["disciple", "follow", "cross", "learn"], topics: ["Disciple", "Self-Denial", "Obedience"] },
  { match: ["community", "fellowship", "friendship", "friends", "loneliness", "lonely"], words: ["fellowship", "one another", "together", "friend"], topics: ["Fellowship", "Friendship", "Unity"] },
  { match: ["justice", "injustice", "oppression", "poverty", "poor"], words: ["justice", "poor", "oppressed", "fatherless", "widow"], topics: ["Justice", "Poor", "Oppression"] },
  { match: ["salvation", "saved", "gospel"], words: ["saved", "salvation", "grace", "faith", "believe"], topics: ["Salvation", "Gospel", "Regeneration"] },
  { match: ["grace"], words: ["grace", "gift", "mercy"], topics: ["Grace of God"] },
  { match: ["suffering", "trials", "trial", "hardship", "pain", "affliction"], words: ["suffering", "trials", "afflictions", "endure", "comfort"], topics: ["Afflictions and Adversities", "Suffering", "Persecution"] },
  { match: ["courage", "fear", "afraid", "boldness", "bold"], words: ["courage", "afraid", "fear", "strong", "bold"], topics: ["Courage", "Fear"] },
  { match: ["doubt", "doubts", "doubting", "unbelief"], words: ["doubt", "believe", "unbelief", "faith"], topics: ["Doubting", "Unbelief"] },
  { match: ["trust", "trusting", "faith"], words: ["trust", "faith", "believe", "refuge"], topics: ["Faith"] },
  { match: ["obedience", "obey", "obeying"], words: ["obey", "keep", "commandments", "doers"], topics: ["Obedience"] },
  { match: ["holiness", "purity", "pure", "sexual"], words: ["holy", "pure", "purity", "sanctified"], topics: ["Holiness", "Purity", "Chastity"] },
  { match: ["wisdom", "decisions", "decision", "guidance", "direction"], words: ["wisdom", "wise", "understanding", "direct", "guide"], topics: ["Wisdom", "Decision"] },
  { match: ["serving", "service", "servant", "servanthood"], words: ["serve", "servant", "minister", "wash"], topics: ["Servant", "Humility"] },
  { match: ["unity", "division", "conflict", "reconciliation", "peacemaking"], words: ["unity", "one", "reconciled", "peace", "agree"], topics: ["Unity", "Reconciliation", "Strife"] },
  { match: ["prayer", "praying", "pray"], words: ["pray", "prayer", "ask", "petitions"], topics: ["Prayer", "Prayerfulness"] },
  { match: ["fasting", "fast"], words: ["fast", "fasting", "fasted"], topics: ["Fasting"] },
  { match: ["church", "body"], words: ["church", "body", "members", "gathered"], topics: ["Church"] },
  { match: ["spirit", "holy spirit", "pentecost"], words: ["spirit", "holy spirit", "filled"], topics: ["Holy Spirit"] },
  { match: ["kingdom"], words: ["kingdom", "reign", "king"], topics: ["Kingdom of Heaven"] },
  { match: ["heaven", "eternity", "afterlife", "eternal"], words: ["heaven", "eternal", "forever", "dwelling"], topics: ["Heaven", "Immortality"] },
  { match: ["resurrection", "easter", "risen"], words: ["raised", "resurrection", "risen", "life"], topics: ["Resurrection"] },
  { match: ["repentance", "repent", "confession", "confess"], words: ["repent", "confess", "turn", "return"], topics: ["Repentance", "Confession"] },
  { match: ["forgiveness", "forgiving", "forgive"], words: ["forgive", "forgiven", "forgiveness", "mercy"], topics: ["Forgiveness"] },
  { match: ["love", "loving"], words: ["love", "loved", "loves"], topics: ["Love"] },
  { match: ["hope", "hopeless"], words: ["hope", "promise", "future"], topics: ["Hope"] },
  { match: ["joy", "happiness", "happy"], words: ["joy", "rejoice", "glad"], topics: ["Joy"] },
  { match: ["peace", "rest"], words: ["peace", "rest", "quiet", "still"], topics: ["Peace", "Rest"] },
  { match: ["work", "jobs", "job", "career", "vocation", "laziness"], words: ["work", "labor", "diligent", "hands"], topics: ["Industry", "Labor", "Slothfulness"] },
  { match: ["speech", "words", "tongue", "gossip", "lying", "honesty"], words: ["tongue", "words", "speak", "lips", "truth"], topics: ["Tongue", "Slander", "Honesty"] },
  { match: ["hospitality", "welcome", "strangers"], words: ["hospitality", "stranger", "welcome", "receive"], topics: ["Hospitality"] },
  { match: ["perseverance", "endurance", "persevere"], words: ["endure", "perseverance", "endurance", "steadfast"], topics: ["Perseverance", "Stability"] },
  { match: ["assurance", "security", "certainty"], words: ["assurance", "know", "secure", "sealed"], topics: ["Assurance"] },
  { match: ["creation", "nature", "environment"], words: ["created", "earth", "heavens", "works"], topics: ["Creation", "God"] },
  { match: ["healing", "sickness", "illness", "health"], words: ["heal", "healed", "sick", "sickness"], topics: ["Afflictions and Adversities", "Miracles"] },
  { match: ["death", "dying"], words: ["death", "die", "grave", "life"], topics: ["Death", "Resurrection"] },
  { match: ["envy", "jealousy", "comparison"], words: ["envy", "jealous", "covet"], topics: ["Envy", "Jealousy", "Covetousness"] },
  { match: ["self-control", "discipline", "temperance"], words: ["self-control", "discipline", "sober", "temperate"], topics: ["Temperance", "Self-Control"] },
  { match: ["kindness", "compassion", "gentleness"], words: ["kind", "kindness", "compassion", "gentle"], topics: ["Kindness", "Gentleness"] },
  { match: ["truth", "honesty"], words: ["truth", "true", "honest"], topics: ["Truth", "Honesty"] },
  { match: ["scripture", "bible", "word"], words: ["word", "scripture", "law", "commandments"], topics: ["Word of God"] },
  { match: ["baptism", "baptized"], words: ["baptized", "baptism", "water"], topics: ["Baptism"] },
  { match: ["covenant", "promises", "promise"], words: ["covenant", "promise", "promised", "oath"], topics: ["Covenant"] },
  { match: ["sin", "sins", "sinfulness"], words: ["sin", "sins", "iniquity", "transgression"], topics: ["Sin"] },
];

function normalize(word: string) {
  return word.toLowerCase().replace(/[^a-z-]/g, "");
}

/** The concepts a topic names: "Dealing with anxiety at work" -> anxiety, work. */
export function conceptsFor(topic: string): Concept[] {
  const text = ` ${topic.toLowerCase().replace(/[^a-z\s-]/g, " ").replace(/\s+/g, " ")} `;
  const words = new Set(text.split(" ").map(normalize).filter(Boolean));
  return concepts.filter((concept) =>
    concept.match.some((term) => (term.includes(" ") ? text.includes(` ${term} `) : words.has(term))),
  );
}
