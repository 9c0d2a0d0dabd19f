/**
 * A few sentences of background for each book: its kind of writing, who wrote it (as tradition
 * holds, where the book does not say), and what it is about. Used to give devotionals and studies
 * context without a network. Keyed by USFM id.
 */
export type BookKind = "law" | "history" | "wisdom" | "poetry" | "prophecy" | "gospel" | "letter" | "apocalyptic";

export interface BookContext {
  /** The kind of writing, for reading hints. */
  kind: BookKind;
  /** The kind of writing, described: "a book of the Law". */
  genre: string;
  /** Who wrote it, honest about tradition, as a phrase after a comma ("Exodus is a book of the Law, traditionally attributed to Moses"; "the message of the prophet Isaiah", "written from prison"). */
  author: string;
  /** One sentence on setting and purpose. */
  about: string;
  /** A phrase completing "Romans is ...". */
  summary: string;
}

export const bookContexts: Record<string, BookContext> = {
  GEN: {
    kind: "law",
    genre: "the first book of the Law (the Torah)",
    author: "traditionally attributed to Moses",
    about:
      "It tells of creation, the fall, the flood, and God's promise to Abraham and his family, the beginning of the story of redemption.",
    summary:
      "the book of beginnings: creation, humanity's fall, the flood, and God's promises to Abraham, Isaac, Jacob and Joseph",
  },
  EXO: {
    kind: "law",
    genre: "a book of the Law",
    author: "traditionally attributed to Moses",
    about:
      "It tells how God rescued Israel from slavery in Egypt, gave the Law at Sinai and came to dwell among his people in the tabernacle.",
    summary:
      "the story of Israel's rescue from slavery in Egypt, the covenant at Sinai and the building of the tabernacle",
  },
  LEV: {
    kind: "law",
    genre: "a book of the Law",
    author: "traditionally attributed to Moses",
    about:
      "It teaches Israel how a holy God can live among an unholy people, through sacrifice, priesthood and holy living.",
    summary:
      "the book of instructions for Israel's worship, sacrifices and holiness, given so a holy God could dwell among his people",
  },
  NUM: {
    kind: "law",
    genre: "a book of the Law",
    author: "traditionally attributed to Moses",
    about:
      "It follows Israel's forty years in the wilderness, a story of grumbling and unbelief met by God's patience and provision.",
    summary:
      "the account of Israel's years in the wilderness, their grumbling and unbelief, and God's faithfulness to them",
  },
  DEU: {
    kind: "law",
    genre: "a book of the Law",
    author: "traditionally attributed to Moses",
    about:
      "It gathers Moses' farewell sermons on the plains of Moab, calling a new generation to love the LORD and keep his covenant.",
    summary:
      "Moses' farewell address on the edge of the promised land, calling Israel to love the LORD and keep his covenant",
  },
  JOS: {
    kind: "history",
    genre: "a historical book",
    author: "by an unnamed author, traditionally held to be Joshua",
    about:
      "It tells how Israel entered the promised land under Joshua, and how God kept his promises to their fathers.",
    summary: "the story of Israel entering and settling the promised land under Joshua's leadership",
  },
  JDG: {
    kind: "history",
    genre: "a historical book",
    author: "by an unnamed author",
    about:
      "It traces a repeated cycle of sin, oppression, crying out and deliverance in the days when Israel had no king.",
    summary: "a record of Israel's repeated cycle of sin, oppression, crying out and rescue through the judges",
  },
  RUT: {
    kind: "history",
    genre: "a historical narrative",
    author: "by an unnamed author",
    about:
      "It is a story of loyal love in the days of the judges, in which a Moabite widow becomes an ancestor of King David.",
    summary:
      "a short story of loyalty and redemption set in the time of the judges, ending in the family line of David",
  },
  "1SA": {
    kind: "history",
    genre: "a historical book",
    author: "by an unnamed author",
    about: "It tells of Samuel, Saul and the rise of David, as Israel moves from judges to kings.",
    summary: "the account of the prophet Samuel, Israel's first king Saul, and the rise of David",
  },
  "2SA": {
    kind: "history",
    genre: "a historical book",
    author: "by an unnamed author",
    about:
      "It tells of David's reign, God's covenant promise of an everlasting throne, and the painful consequences of David's sin.",
    summary: "the account of David's reign: his victories, God's covenant with him, his sin and its consequences",
  },
  "1KI": {
    kind: "history",
    genre: "a historical book",
    author: "by an unnamed author",
    about:
      "It runs from Solomon's glory and the building of the temple to the division of the kingdom and the ministry of Elijah.",
    summary: "the story of Solomon's reign and temple, the division of the kingdom, and the ministry of Elijah",
  },
  "2KI": {
    kind: "history",
    genre: "a historical book",
    author: "by an unnamed author",
    about:
      "It follows the kings of Israel and Judah to the exile, showing the cost of unfaithfulness and the patience of God.",
    summary: "the story of the kings of Israel and Judah down to the exile, including the ministry of Elisha",
  },
  "1CH": {
    kind: "history",
    genre: "a historical book",
    author: "traditionally attributed to Ezra",
    about:
      "It retells Israel's story for the returned exiles, from Adam's genealogy to David, with special attention to worship and the temple.",
    summary: "a retelling of Israel's history centred on David, the temple and true worship",
  },
  "2CH": {
    kind: "history",
    genre: "a historical book",
    author: "traditionally attributed to Ezra",
    about:
      "It follows the kings of Judah from Solomon to the exile, highlighting seasons of reform and the call to seek the LORD.",
    summary:
      "a retelling of the history of Judah's kings from Solomon to the exile, with an eye on faithfulness and revival",
  },
  EZR: {
    kind: "history",
    genre: "a historical book",
    author: "traditionally attributed to Ezra",
    about:
      "It tells of the return from exile in Babylon, the rebuilding of the temple and the renewal of the people under God's word.",
    summary: "the account of the exiles' return to Jerusalem, the rebuilding of the temple and the renewal of the law",
  },
  NEH: {
    kind: "history",
    genre: "a historical book",
    author: "told largely in Nehemiah's own words",
    about:
      "It tells how Jerusalem's walls were rebuilt amid opposition and how the people recommitted themselves to the covenant.",
    summary: "the account of rebuilding Jerusalem's walls and renewing the people's covenant with God",
  },
  EST: {
    kind: "history",
    genre: "a historical narrative",
    author: "by an unnamed author",
    about: "It tells how God, never named in the book, preserved his people in Persia through Esther and Mordecai.",
    summary:
      "the story of how God preserved his people in Persia through Esther's courage, though his name is never mentioned",
  },
  JOB: {
    kind: "wisdom",
    genre: "wisdom literature",
    author: "by an unnamed author",
    about: "It wrestles with innocent suffering and ends not with an explanation but with an encounter with God.",
    summary: "a poetic wrestling with suffering, justice and the wisdom of God, told through Job and his friends",
  },
  PSA: {
    kind: "poetry",
    genre: "the prayer book and songbook of Israel",
    author: "written by several psalmists, with many psalms attributed to David",
    about: "Its 150 psalms give words for praise, lament, confession, thanksgiving and trust.",
    summary: "Israel's book of prayers and songs: praise, lament, thanksgiving, confession and trust",
  },
  PRO: {
    kind: "wisdom",
    genre: "wisdom literature",
    author: "largely attributed to Solomon",
    about: "It teaches practical wisdom for everyday life, grounded in the fear of the LORD.",
    summary: "a collection of wise sayings for everyday life, built on the fear of the LORD",
  },
  ECC: {
    kind: "wisdom",
    genre: "wisdom literature",
    author: 'written by "the Teacher", traditionally held to be Solomon',
    about:
      'It honestly explores the meaning of life "under the sun" and concludes that we should fear God and keep his commandments.',
    summary: "a searching reflection on the meaning of life 'under the sun' and the call to fear God",
  },
  SNG: {
    kind: "poetry",
    genre: "a book of love poetry",
    author: "attributed to Solomon",
    about:
      "It celebrates the love between a bride and her beloved, a song many readers have also heard as a picture of God's love.",
    summary: "a love poem celebrating the love between a bride and her beloved",
  },
  ISA: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Isaiah",
    about:
      "It speaks of judgment and comfort, of the Holy One of Israel, and of a coming Servant and King who would bring salvation to the nations.",
    summary: "the prophet Isaiah's message of judgment and comfort, with its promises of the coming servant and king",
  },
  JER: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Jeremiah",
    about:
      "It records Jeremiah's long, costly ministry before and during Jerusalem's fall, and God's promise of a new covenant.",
    summary: "the prophet Jeremiah's warnings to Judah before the exile, and God's promise of a new covenant",
  },
  LAM: {
    kind: "poetry",
    genre: "a book of poetic lament",
    author: "traditionally attributed to Jeremiah",
    about: "It mourns the destruction of Jerusalem while clinging to the steadfast love of the LORD.",
    summary: "a set of poems of grief over the fall of Jerusalem, with hope in God's steadfast love",
  },
  EZK: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Ezekiel",
    about:
      "It brings visions of God's glory to the exiles in Babylon, and promises a new heart, a new spirit and a restored people.",
    summary: "the book of Ezekiel's visions and messages among the exiles, about God's glory, judgment and renewal",
  },
  DAN: {
    kind: "prophecy",
    genre: "a book of narrative and apocalyptic prophecy",
    author: "traditionally attributed to Daniel",
    about: "It tells of faithfulness in exile and of visions that show God ruling over the kingdoms of the world.",
    summary: "the record of Daniel's faithfulness in Babylon and of his visions of God's kingdom",
  },
  HOS: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Hosea",
    about: "It portrays God's faithful love for unfaithful Israel through the prophet's own marriage.",
    summary: "the message of Hosea, whose marriage pictures God's faithful love for unfaithful Israel",
  },
  JOL: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Joel",
    about: "It calls the people to return to the LORD and promises that he will pour out his Spirit on all people.",
    summary: "the prophet Joel's call to repentance and his promise that God will pour out his Spirit",
  },
  AMO: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Amos",
    about: "It confronts Israel's injustice and empty worship, calling for justice to roll down like waters.",
    summary: "the prophet Amos's call for justice and righteousness among God's people",
  },
  OBA: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Obadiah",
    about:
      "It announces judgment on Edom for its pride and its cruelty toward Judah, and the coming kingdom of the LORD.",
    summary: "a short prophecy against Edom's pride and a promise of the LORD's kingdom",
  },
  JON: {
    kind: "prophecy",
    genre: "a prophetic narrative",
    author: "traditionally attributed to Jonah",
    about: "It tells of a reluctant prophet and a God whose compassion reaches even Israel's enemies in Nineveh.",
    summary: "the story of a reluctant prophet and God's compassion even for Israel's enemies",
  },
  MIC: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Micah",
    about:
      "It announces judgment and hope, and sums up what the LORD requires: to act justly, love mercy and walk humbly with God.",
    summary: "the prophet Micah's message of judgment, mercy and a ruler to come from Bethlehem",
  },
  NAM: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Nahum",
    about:
      "It announces the fall of Nineveh, showing that the LORD is slow to anger but will not leave the guilty unpunished.",
    summary: "a prophecy of the fall of Nineveh and the LORD's justice",
  },
  HAB: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Habakkuk",
    about: "It records a prophet's honest questions to God and ends in a song of trust when nothing makes sense.",
    summary: "a prophet's honest questions to God and his resolve to live by faith",
  },
  ZEP: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Zephaniah",
    about: "It warns of the day of the LORD and promises a God who rejoices over his people with singing.",
    summary: "a prophecy of the day of the LORD and of God rejoicing over his restored people",
  },
  HAG: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Haggai",
    about: "It urges the returned exiles to put God first and rebuild the temple.",
    summary: "the prophet Haggai's call to the returned exiles to rebuild the temple",
  },
  ZEC: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Zechariah",
    about: "It encourages the rebuilders of Jerusalem with visions of God's presence and of a humble King to come.",
    summary: "the book of Zechariah's visions, encouraging the rebuilding and pointing to the coming king",
  },
  MAL: {
    kind: "prophecy",
    genre: "a book of prophecy",
    author: "the message of the prophet Malachi",
    about:
      "It confronts half-hearted worship after the exile and promises a messenger who will prepare the way of the Lord.",
    summary: "the last of the prophets, calling a weary people back to wholehearted worship",
  },
  MAT: {
    kind: "gospel",
    genre: "a Gospel",
    author: "traditionally attributed to Matthew, the tax collector who became an apostle",
    about:
      "It presents Jesus as the promised Messiah and King who fulfills the Scriptures and teaches the way of the kingdom of heaven.",
    summary: "a Gospel presenting Jesus as the promised Messiah and King, with his teaching on the kingdom of heaven",
  },
  MRK: {
    kind: "gospel",
    genre: "a Gospel",
    author: "traditionally attributed to John Mark, who drew on Peter's preaching",
    about:
      "It is the shortest, fastest-moving Gospel, showing Jesus as the Son of God who came to serve and give his life as a ransom.",
    summary: "the briskest of the Gospels, showing Jesus as the Son of God who came to serve and to give his life",
  },
  LUK: {
    kind: "gospel",
    genre: "a Gospel",
    author: "written by Luke, a physician and companion of Paul",
    about:
      "It gives an orderly account of Jesus' life, with special care for the poor, outsiders and the work of the Holy Spirit.",
    summary: "an orderly account of the life of Jesus, the Saviour who came to seek and to save the lost",
  },
  JHN: {
    kind: "gospel",
    genre: "a Gospel",
    author: "traditionally attributed to the apostle John",
    about:
      "It was written so that readers may believe that Jesus is the Christ, the Son of God, and have life in his name.",
    summary: "a Gospel written so that readers may believe Jesus is the Christ and have life in his name",
  },
  ACT: {
    kind: "history",
    genre: "a history of the early church",
    author: "written by Luke as a sequel to his Gospel",
    about: "It tells how the Spirit-filled church carried the message of Jesus from Jerusalem to Rome.",
    summary: "the account of the early church, as the Spirit carries the gospel from Jerusalem to Rome",
  },
  ROM: {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about:
      "It sets out the gospel most fully: all have sinned, and God justifies by grace through faith, forming one people of Jews and Gentiles.",
    summary: "Paul's letter to the believers in Rome, setting out the gospel of God's righteousness received by faith",
  },
  "1CO": {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about: "It addresses divisions, immorality, worship and the resurrection in a gifted but troubled church.",
    summary: "Paul's letter to a gifted but divided church in Corinth, on unity, holiness, love and the resurrection",
  },
  "2CO": {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about: "It is Paul's most personal letter, on ministry, suffering and God's power made perfect in weakness.",
    summary: "Paul's personal letter to Corinth about ministry, weakness, generosity and God's power",
  },
  GAL: {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about:
      "It defends the gospel of grace against those who added the Law to faith, and calls believers to walk by the Spirit.",
    summary: "Paul's urgent letter defending the gospel of grace and the freedom we have in Christ",
  },
  EPH: {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about:
      "It celebrates every spiritual blessing in Christ and calls the church to live out its unity and new identity.",
    summary: "Paul's letter on the riches believers have in Christ and the life of his one new people, the church",
  },
  PHP: {
    kind: "letter",
    genre: "a letter of Paul",
    author: "written from prison",
    about: "It is a letter of joy and partnership, calling believers to the humble mind of Christ.",
    summary: "Paul's warm letter from prison about joy, humility and knowing Christ",
  },
  COL: {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about: "It proclaims the supremacy and sufficiency of Christ against teachings that added to him.",
    summary: "Paul's letter on the supremacy of Christ and the new life that flows from him",
  },
  "1TH": {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about: "It encourages a young, persecuted church and teaches about the return of the Lord.",
    summary: "Paul's letter encouraging a young church to stand firm and live in hope of Christ's return",
  },
  "2TH": {
    kind: "letter",
    genre: "a letter of Paul",
    author: "the apostle Paul",
    about: "It corrects confusion about the day of the Lord and urges steady, faithful living.",
    summary: "Paul's follow-up letter on the day of the Lord and faithful, steady living",
  },
  "1TI": {
    kind: "letter",
    genre: "a pastoral letter of Paul",
    author: "written to his co-worker Timothy",
    about: "It gives instructions for sound teaching, worship and leadership in the church.",
    summary: "Paul's letter to Timothy on leadership, sound teaching and godly life in the church",
  },
  "2TI": {
    kind: "letter",
    genre: "a pastoral letter of Paul",
    author: "written near the end of his life",
    about: "It charges Timothy to guard the gospel, endure hardship and preach the word.",
    summary: "Paul's last letter, urging Timothy to guard the gospel and endure hardship",
  },
  TIT: {
    kind: "letter",
    genre: "a pastoral letter of Paul",
    author: "written to his co-worker Titus",
    about: "It shows how sound doctrine leads to good works in the churches of Crete.",
    summary: "Paul's letter to Titus on appointing elders and living out the grace that saves",
  },
  PHM: {
    kind: "letter",
    genre: "a personal letter of Paul",
    author: "the apostle Paul",
    about: "It appeals to Philemon to welcome back Onesimus, a runaway slave, as a beloved brother.",
    summary: "Paul's short appeal to Philemon to welcome back Onesimus as a brother",
  },
  HEB: {
    kind: "letter",
    genre: "a sermon-like letter",
    author: "by an unnamed author",
    about:
      "It shows Jesus as greater than angels, Moses and the old priesthood, and urges believers to hold fast in faith.",
    summary:
      "a sermon-letter showing that Jesus is greater than all that came before, and calling readers to hold fast",
  },
  JAS: {
    kind: "letter",
    genre: "a general letter",
    author: "traditionally attributed to James, the brother of Jesus",
    about: "It teaches that genuine faith shows itself in action, in speech and in care for the poor.",
    summary: "a practical letter on a faith that shows itself in action, speech and care for the poor",
  },
  "1PE": {
    kind: "letter",
    genre: "a general letter",
    author: "by the apostle Peter",
    about: "It encourages suffering Christians with a living hope and calls them to holy living as exiles.",
    summary: "a letter from the apostle Peter to suffering believers about living hope, holiness and following Christ",
  },
  "2PE": {
    kind: "letter",
    genre: "a general letter",
    author: "by the apostle Peter",
    about: "It warns against false teachers and affirms the certainty of the Lord's return.",
    summary: "the apostle Peter's reminder to grow in grace, reject false teaching and wait for the Lord's return",
  },
  "1JN": {
    kind: "letter",
    genre: "a general letter",
    author: "traditionally attributed to the apostle John",
    about:
      "It assures believers of eternal life and shows that those who know God walk in the light and love one another.",
    summary: "a letter on walking in the light, loving one another and the assurance of eternal life",
  },
  "2JN": {
    kind: "letter",
    genre: "a short letter",
    author: "traditionally attributed to the apostle John",
    about: "It urges a church to walk in truth and love and to beware of deceivers.",
    summary: "a short letter on walking in truth and love",
  },
  "3JN": {
    kind: "letter",
    genre: "a short letter",
    author: "traditionally attributed to the apostle John",
    about: "It commends hospitality to faithful workers and warns against a proud leader.",
    summary: "a short letter commending hospitality to faithful workers",
  },
  JUD: {
    kind: "letter",
    genre: "a general letter",
    author: "by Jude, the brother of James",
    about: "It urges believers to contend for the faith and to keep themselves in God's love.",
    summary: "a short letter urging believers to contend for the faith and keep themselves in God's love",
  },
  REV: {
    kind: "apocalyptic",
    genre: "a book of apocalyptic prophecy",
    author: "written by John while exiled on Patmos",
    about:
      "It unveils the risen Christ, the spiritual conflict behind history, and the final victory of the Lamb in a new heaven and new earth.",
    summary: "the vision given to John of the risen Christ, his victory over evil and the new heavens and new earth",
  },
};

/** How to read a kind of writing well: one practical hint for a group. */
export const genreHints: Record<BookKind, string> = {
  law: "Read it as part of the covenant story: ask what it shows about God's holiness and his care for his people.",
  history: "Read it as a true story: notice what people do, what God does, and what changes as a result.",
  wisdom: "Read it slowly, as wisdom for real life: ask what it means to live this way before God.",
  poetry: "Read it as poetry and prayer: notice the images and the parallel lines, and let it shape your own prayers.",
  prophecy: "Read it as God's word to real people in a real crisis first, then ask how it points forward to Christ.",
  gospel: "Watch Jesus closely: what he says, what he does, and how people respond to him.",
  letter:
    "Follow the argument: look for the connecting words (therefore, because, so that) that tie each thought to the next.",
  apocalyptic:
    "Read the symbols as pictures of real truths, and hold on to the main point: Christ wins and God makes all things new.",
};
