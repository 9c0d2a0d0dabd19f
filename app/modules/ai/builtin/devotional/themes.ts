/**
 * The themes the built-in devotional writer recognises in a passage, by the words the passage
 * itself uses (BSB, WEB and KJV forms). Each theme carries short, complete sentences: a truth the
 * theme teaches, a prayer, a step to take and a question to ponder. The writer picks among them
 * deterministically and ties them to the verses where the words occur.
 */
export interface Theme {
  id: string;
  /** How the theme is named in a sentence: "the love of God". */
  name: string;
  words: string[];
  /** Words that point to the theme only weakly ("died" in a narrative): they count half. */
  weak?: string[];
  truths: string[];
  prayers: string[];
  steps: string[];
  questions: string[];
}

export const themes: Theme[] = [
  {
    id: "love",
    name: "the love of God",
    words: ["love", "loved", "loves", "loving", "beloved", "lovingkindness", "loveth", "lovest"],
    truths: [
      "God's love is not a reward for the worthy; it is the reason anyone is made worthy at all.",
      "In Scripture love is something God does before it is something we feel: he gives, he pursues, he keeps his promises.",
      "The love we are called to show others is the overflow of the love we have first received.",
    ],
    prayers: [
      "Thank you that your love reached me before I ever looked for you.",
      "Teach me to rest in your love instead of trying to earn it.",
      "Let your love for me become love for the people you put in my path today.",
    ],
    steps: [
      "Name one person who is hard for you to love, and do one concrete, kind thing for them today.",
      "Write down three ways God has shown you his love this week, and thank him for each by name.",
    ],
    questions: [
      "Where do you find it hardest to believe that God loves you, and what does this passage say to that?",
      "How would your conversations today change if you treated people as loved by God?",
    ],
  },
  {
    id: "faith",
    name: "faith and trust",
    words: ["faith", "believe", "believed", "believes", "believing", "believeth", "trust", "trusted", "trusts", "faithful", "faithfulness"],
    truths: [
      "Faith is not a feeling of certainty; it is leaning the whole weight of your life on someone who is trustworthy.",
      "The strength of faith lies less in how much we believe than in the faithfulness of the One we believe.",
      "Trust grows as we remember what God has already done and act on what he has said.",
    ],
    prayers: [
      "I believe; help my unbelief, and teach me to trust you with what I cannot control.",
      "Thank you for being faithful when my faith is small.",
      "Give me the courage to take the next step of obedience before I can see the whole road.",
    ],
    steps: [
      "Pick one worry you have been carrying and hand it to God in a short, specific prayer each time it returns today.",
      "Recall a time God proved faithful to you, and tell someone the story this week.",
    ],
    questions: [
      "What would it look like to trust God in the situation that worries you most right now?",
      "Whose faith in this passage do you want to imitate, and why?",
    ],
  },
  {
    id: "grace",
    name: "grace and mercy",
    words: ["grace", "gracious", "mercy", "merciful", "mercies", "compassion", "compassionate", "kindness", "steadfast"],
    truths: [
      "Mercy means God does not give us the judgment we deserve; grace means he gives us the goodness we do not deserve.",
      "God's compassion is not grudging; he delights to show mercy.",
      "Grace received always becomes grace passed on.",
    ],
    prayers: [
      "Thank you for mercies that are new every morning, including this one.",
      "Where I have been hard on others, make me as gracious as you have been to me.",
      "Let me receive your grace today without trying to pay for it.",
    ],
    steps: [
      "Show unexpected kindness to someone who cannot repay you.",
      "Let go of one grudge today, remembering how much you have been forgiven.",
    ],
    questions: [
      "Where have you experienced mercy you did not deserve?",
      "Who in your life needs the same grace God has shown you?",
    ],
  },
  {
    id: "forgiveness",
    name: "sin and forgiveness",
    words: ["sin", "sins", "sinned", "sinner", "sinners", "forgive", "forgiven", "forgiveness", "forgave", "iniquity", "iniquities", "transgression", "transgressions", "repent", "repentance", "repented", "guilt", "guilty"],
    truths: [
      "Scripture is honest about sin because God is serious about forgiving it.",
      "Repentance is not groveling; it is turning around and walking home to a Father who runs to meet us.",
      "Forgiveness does not pretend the wrong never happened; it cancels the debt at a cost to the one who forgives.",
    ],
    prayers: [
      "Search my heart, show me what needs to change, and wash me clean.",
      "Thank you that when I confess my sins you are faithful to forgive.",
      "Give me grace to forgive others as freely as you have forgiven me.",
    ],
    steps: [
      "Take a quiet minute to confess anything on your conscience, then thank God specifically for his forgiveness.",
      "If you owe someone an apology, make it today, simply and without excuses.",
    ],
    questions: [
      "Is there a sin you have been excusing rather than confessing?",
      "What makes forgiving someone else difficult for you, and what does this passage offer you for it?",
    ],
  },
  {
    id: "salvation",
    name: "God's saving help",
    words: ["save", "saved", "saves", "salvation", "savior", "saviour", "redeem", "redeemed", "redeemer", "redemption", "deliver", "delivered", "deliverer", "deliverance", "rescue", "rescued", "ransom"],
    truths: [
      "Salvation in Scripture is always God's work: he is the one who rescues, and we are the ones rescued.",
      "The God who delivered his people before is the same God who delivers now.",
      "To be redeemed is to be bought back at a price, which means we belong to the One who paid it.",
    ],
    prayers: [
      "Thank you for rescuing me when I could not rescue myself.",
      "Deliver me from the fears and habits that still hold me, and keep me close to you.",
      "Let my life show that I have been bought with a price.",
    ],
    steps: [
      "Write a short sentence describing what God has saved you from and what he has saved you for.",
      "Pray by name for one person who does not yet know God's saving help.",
    ],
    questions: [
      "What does it mean for you, today, that God is your deliverer?",
      "How would you explain to a friend what God has rescued you from?",
    ],
  },
  {
    id: "life",
    name: "the life God gives",
    words: ["life", "alive", "eternal", "everlasting"],
    weak: ["live", "lives", "living", "liveth"],
    truths: [
      "The life God gives is more than existence; it is knowing him, now and forever.",
      "Eternal life begins not at death but at the moment we are joined to the One who is the life.",
      "God is the source of life, and everything that truly lives draws from him.",
    ],
    prayers: [
      "Thank you for the gift of life, and for the life that does not end.",
      "Fill the ordinary hours of this day with your life.",
      "Where I feel dry and tired, breathe new life into me.",
    ],
    steps: [
      "Notice one ordinary gift today (a meal, a friend, your breath) and thank God for it as a sign of his life-giving care.",
      "Spend five unhurried minutes with God today, simply enjoying his presence.",
    ],
    questions: [
      "What would it change if you believed that eternal life has already begun for you?",
      "Where are you looking for life apart from God?",
    ],
  },
  {
    id: "light",
    name: "light in the darkness",
    words: ["light", "darkness", "dark", "lamp", "shine", "shines", "shone", "shined", "bright"],
    truths: [
      "Light in Scripture shows what is true: it exposes, guides and gives life.",
      "Darkness never wins against God's light; it can only retreat.",
      "Those who walk with God are called to reflect his light where they live and work.",
    ],
    prayers: [
      "Shine into the dark corners of my heart and show me the way.",
      "Let your light in me be visible in my words and actions today.",
      "When the way ahead is dark, be my lamp.",
    ],
    steps: [
      "Bring one hidden struggle into the light by telling a trusted friend and asking them to pray.",
      "Look for one practical way to be a light to someone at work, at home or online today.",
    ],
    questions: [
      "Where do you need God's light to guide a decision right now?",
      "What in your life would you rather keep in the dark, and why?",
    ],
  },
  {
    id: "righteousness",
    name: "righteousness and justice",
    words: ["righteous", "righteousness", "just", "justice", "justified", "justify", "upright", "uprightness", "unrighteous", "wicked"],
    truths: [
      "God's righteousness is both his perfect goodness and his gift to those who trust him.",
      "The God of the Bible cares about justice: about the widow, the orphan, the poor and the stranger.",
      "Being made right with God always leads to doing right toward others.",
    ],
    prayers: [
      "Thank you that I can stand before you, not in my own goodness, but in yours.",
      "Give me a hunger for what is right, and courage to do it when it costs me.",
      "Make me fair and honest in every dealing today.",
    ],
    steps: [
      "Look for one way to stand up for someone who is being treated unfairly.",
      "Check one habit or practice in your work or spending against the standard of this passage.",
    ],
    questions: [
      "Where do you rely on your own goodness instead of God's?",
      "What injustice near you is God inviting you to care about?",
    ],
  },
  {
    id: "holiness",
    name: "the holiness of God",
    words: ["holy", "holiness", "sanctify", "sanctified", "sanctification", "consecrate", "consecrated", "pure", "purity", "clean", "unclean"],
    truths: [
      "God is holy: utterly good, set apart, and unlike anything else.",
      "The holy God makes a way for unclean people to come near; that is the wonder of the whole Bible.",
      "Holiness is not gloomy rule-keeping; it is becoming like the One we love.",
    ],
    prayers: [
      "Holy God, I worship you; keep me from taking your nearness lightly.",
      "Make me holy in the places no one else sees.",
      "Thank you for making a way for me to come into your presence.",
    ],
    steps: [
      "Set apart a few minutes today for quiet worship, with no requests, only praise.",
      "Remove one thing from your routine that pulls your heart away from God.",
    ],
    questions: [
      "How does God's holiness change the way you approach him in prayer?",
      "What area of your life do you most want God to make holy?",
    ],
  },
  {
    id: "wisdom",
    name: "wisdom",
    words: ["wisdom", "wise", "understanding", "knowledge", "instruction", "discernment", "discipline", "prudent", "prudence", "fool", "fools", "foolish", "folly", "counsel"],
    truths: [
      "Biblical wisdom is skill in living well in God's world, and it begins with reverence for God.",
      "Wisdom listens before it speaks, and it learns from correction.",
      "The fool is not the person who lacks information, but the one who will not listen to God.",
    ],
    prayers: [
      "Give me wisdom for the decisions in front of me; I ask in faith that you give generously.",
      "Make me teachable, quick to listen and slow to speak.",
      "Let your word shape my choices more than my moods do.",
    ],
    steps: [
      "Before a decision today, pause and ask, \"What would wisdom do here?\"",
      "Ask someone you respect for honest counsel about one area of your life, and listen without defending yourself.",
    ],
    questions: [
      "Where do you need wisdom more than information right now?",
      "Which proverb or line in today's reading describes you best, for better or worse?",
    ],
  },
  {
    id: "courage",
    name: "courage instead of fear",
    words: ["afraid", "fear", "fears", "feared", "courage", "courageous", "dismayed", "terrified", "tremble"],
    weak: ["strong", "strength"],
    truths: [
      "Scripture's answer to fear is rarely an explanation; it is a Person: \"I am with you.\"",
      "Courage is not the absence of fear but obedience in its presence.",
      "The fear of the Lord, awe and reverence for him, drives out the lesser fears that rule us.",
    ],
    prayers: [
      "When I am afraid, help me to trust in you.",
      "Be my strength where I am weak, and give me courage for what today asks of me.",
      "Replace my anxious fears with reverent awe of you.",
    ],
    steps: [
      "Name the fear that is loudest today and answer it out loud with a promise from this passage.",
      "Do one thing you have been avoiding out of fear, asking God to go with you.",
    ],
    questions: [
      "What are you most afraid of right now, and what does God say to you in this reading?",
      "How does knowing that God is with you change what you will attempt this week?",
    ],
  },
  {
    id: "praise",
    name: "praise and thanksgiving",
    words: ["praise", "praises", "praised", "worship", "worshiped", "worshipped", "sing", "sang", "song", "songs", "glory", "glorify", "glorified", "thanks", "thanksgiving", "thank", "hallelujah", "exalt", "exalted", "bless", "blessed"],
    truths: [
      "Praise is the right response to who God is, whether or not our circumstances feel praiseworthy.",
      "Thanksgiving remembers; it keeps a record of God's goodness so we do not forget it.",
      "We were made to worship; when we do not worship God we end up worshiping something smaller.",
    ],
    prayers: [
      "I praise you for who you are, not only for what you give.",
      "Give me a thankful heart that notices your goodness today.",
      "Let my whole life, not only my words, be a song of praise to you.",
    ],
    steps: [
      "Write down five things you are grateful for today and thank God for each one.",
      "Sing or read aloud a psalm of praise before you start your work.",
    ],
    questions: [
      "What reasons for praise does this passage give you?",
      "When is praise hardest for you, and what would help?",
    ],
  },
  {
    id: "prayer",
    name: "prayer",
    words: ["pray", "prayed", "prayer", "prayers", "praying", "cry", "cried", "ask", "seek", "seeking", "sought", "knock", "petition"],
    truths: [
      "Prayer is not a technique for getting things; it is speaking with a Father who listens.",
      "God invites honest prayer: requests, complaints and praise all belong in his presence.",
      "Those who seek God find that he has been seeking them first.",
    ],
    prayers: [
      "Teach me to pray, and to keep praying when the answer is slow.",
      "Thank you that you hear me when I call.",
      "Make my prayers honest, simple and full of trust.",
    ],
    steps: [
      "Set a specific time today for five minutes of unhurried prayer, and keep it.",
      "Pray this passage back to God in your own words, line by line.",
    ],
    questions: [
      "What keeps you from praying more honestly?",
      "What request have you stopped bringing to God, and why?",
    ],
  },
  {
    id: "kingdom",
    name: "the kingdom of God",
    words: ["kingdom", "kingdoms", "throne", "dominion"],
    weak: ["king", "kings", "reign", "reigns", "reigned", "rule", "rules"],
    truths: [
      "God reigns; the rulers of this world come and go, but his throne stands.",
      "The kingdom of God is wherever his will is done, and it grows quietly, like a seed.",
      "To belong to God's kingdom is to live now by the values of the King who is coming.",
    ],
    prayers: [
      "Your kingdom come, your will be done, in my life as it is in heaven.",
      "Rule over my plans, my money and my time.",
      "Thank you that you are on the throne when the world feels out of control.",
    ],
    steps: [
      "Offer your plans for today to God as King, and hold them loosely.",
      "Look for one way to serve quietly, the way of the kingdom, without being noticed.",
    ],
    questions: [
      "What area of your life have you kept outside God's rule?",
      "How does it steady you to know that God reigns over the news you hear?",
    ],
  },
  {
    id: "shepherd",
    name: "the Shepherd's care",
    words: ["shepherd", "shepherds", "sheep", "flock", "lamb", "lambs", "pasture", "pastures", "fold"],
    truths: [
      "God is a shepherd who knows his sheep by name, leads them, feeds them and protects them.",
      "Sheep are not self-sufficient; the image is an invitation to depend on God gladly.",
      "The Good Shepherd lays down his life for the sheep.",
    ],
    prayers: [
      "Lead me today, Good Shepherd, and help me to follow your voice.",
      "Thank you for seeking me when I wandered.",
      "Restore my soul and guard me from what would harm me.",
    ],
    steps: [
      "Take a quiet moment to list the ways God has provided for you this week.",
      "Reach out to someone who seems to be wandering or alone, and show them the Shepherd's care.",
    ],
    questions: [
      "Where do you need the Shepherd's guidance right now?",
      "How does being known by name by God change the way you see yourself?",
    ],
  },
  {
    id: "covenant",
    name: "God's promises",
    words: ["covenant", "covenants", "promise", "promises", "promised", "oath", "swore", "sworn", "vow", "vows"],
    truths: [
      "God binds himself by promise; his word to his people is more certain than the ground under our feet.",
      "Every promise of God finds its yes in Christ.",
      "God keeps covenant even when his people break it.",
    ],
    prayers: [
      "Thank you that your promises do not depend on my performance but on your faithfulness.",
      "Help me to remember your promises when circumstances seem to contradict them.",
      "Make me a person who keeps my word, as you keep yours.",
    ],
    steps: [
      "Find one promise in today's reading, write it down and carry it with you.",
      "Keep a small promise you have made to someone and have not yet kept.",
    ],
    questions: [
      "Which of God's promises do you find hardest to believe, and why?",
      "How does God's faithfulness to his covenant shape the way you keep your commitments?",
    ],
  },
  {
    id: "obedience",
    name: "obedience to God's word",
    words: ["commandment", "commandments", "law", "laws", "statutes", "precepts", "decrees", "ordinances", "obey", "obeyed", "obedience", "obedient", "testimonies"],
    weak: ["command", "commands", "commanded", "keep", "kept"],
    truths: [
      "God's commands are not a cage but a path: they describe the life we were made for.",
      "Obedience is love in action; Jesus said that those who love him keep his word.",
      "We obey not to be accepted, but because we already are.",
    ],
    prayers: [
      "Give me a willing heart to do what you say, not only to hear it.",
      "Where I have ignored your word, turn me back gently.",
      "Let my obedience today be an act of love for you.",
    ],
    steps: [
      "Choose one clear instruction in this passage and put it into practice before the day ends.",
      "Ask God to show you one area where you have been hearing but not doing.",
    ],
    questions: [
      "Which command in this reading do you find hardest to obey?",
      "How does seeing obedience as love rather than duty change it for you?",
    ],
  },
  {
    id: "word",
    name: "the word of God",
    words: ["word", "words", "scripture", "scriptures", "written", "voice"],
    truths: [
      "God speaks, and what he says creates, corrects, comforts and commands.",
      "Scripture is not only information about God; it is the way he addresses us today.",
      "The word that made the world is the word that can remake a human heart.",
    ],
    prayers: [
      "Speak, Lord, for your servant is listening.",
      "Plant your word deep in me so that it bears fruit.",
      "Give me an appetite for your word like my appetite for daily bread.",
    ],
    steps: [
      "Memorize one verse from today's reading and repeat it three times during the day.",
      "Share one line from this passage with a friend and tell them why it mattered to you.",
    ],
    questions: [
      "What is God saying to you personally through this reading?",
      "How often do you let Scripture speak before you decide what to do?",
    ],
  },
  {
    id: "spirit",
    name: "the Holy Spirit",
    words: ["spirit", "spirits", "spiritual", "breath", "wind", "anointed", "anointing"],
    truths: [
      "The Spirit is God present with his people, giving life, power and understanding.",
      "The Christian life is not lived in our own strength but by the Spirit who lives in us.",
      "The Spirit produces fruit slowly and surely: love, joy, peace, patience and more.",
    ],
    prayers: [
      "Holy Spirit, fill me, lead me, and make me sensitive to your voice.",
      "Produce your fruit in me where I am impatient and unkind.",
      "Give me power to speak of Jesus with love and courage.",
    ],
    steps: [
      "Before each conversation today, ask the Spirit silently to guide your words.",
      "Pick one fruit of the Spirit you lack and ask God for it specifically all day.",
    ],
    questions: [
      "Where are you relying on your own strength instead of the Spirit's?",
      "What evidence of the Spirit's work can you see in your life this year?",
    ],
  },
  {
    id: "hope",
    name: "hope and patient waiting",
    words: ["hope", "hoped", "hopes", "wait", "waited", "waiting", "patience", "patient", "endure", "endured", "endurance", "persevere", "perseverance"],
    truths: [
      "Biblical hope is not wishful thinking; it is confident expectation based on who God is.",
      "Waiting on God is not wasted time; it is where trust grows deep roots.",
      "Endurance is produced in the hard places, and it produces a hope that does not disappoint.",
    ],
    prayers: [
      "Give me patience to wait for your timing and hope that does not give up.",
      "When I am discouraged, remind me how the story ends.",
      "Anchor my hope in you, not in outcomes.",
    ],
    steps: [
      "Name what you are waiting for and place it before God, asking for patience instead of an immediate answer.",
      "Encourage someone who is in a long season of waiting.",
    ],
    questions: [
      "What are you waiting on God for, and how are you waiting?",
      "Where does your hope rest when things do not go as you planned?",
    ],
  },
  {
    id: "peace",
    name: "peace and rest",
    words: ["peace", "peaceful", "rest", "rested", "quiet", "quietness", "still", "calm", "sabbath"],
    truths: [
      "The peace God gives is not the absence of trouble but his presence in it.",
      "Rest is a gift and an act of trust: we stop because God does not.",
      "Peace with God comes first; peace with others and within ourselves grows from it.",
    ],
    prayers: [
      "Quiet my anxious mind and let your peace guard my heart.",
      "Teach me to rest in you instead of striving.",
      "Make me a peacemaker in my home and my work.",
    ],
    steps: [
      "Take ten quiet minutes today with no screen, simply being still before God.",
      "Take one step toward making peace with someone you are at odds with.",
    ],
    questions: [
      "What is robbing you of peace right now?",
      "What would it look like to rest in God this week, practically?",
    ],
  },
  {
    id: "joy",
    name: "joy",
    words: ["joy", "joyful", "rejoice", "rejoiced", "rejoicing", "glad", "gladness", "delight", "delights", "delighted"],
    truths: [
      "Joy in Scripture is deeper than happiness; it is gladness in God that can coexist with tears.",
      "God himself rejoices over his people with singing.",
      "Joy grows as we delight in God rather than in what he gives.",
    ],
    prayers: [
      "Restore to me the joy of your salvation.",
      "Let me delight in you more than in anything else today.",
      "Give me a joy that others can see and ask about.",
    ],
    steps: [
      "Celebrate something good God has done, with someone else, today.",
      "Notice what you delight in today and ask whether it draws you toward God or away from him.",
    ],
    questions: [
      "What steals your joy most often, and what does this passage offer instead?",
      "When did you last rejoice in God himself rather than in circumstances?",
    ],
  },
  {
    id: "suffering",
    name: "suffering and lament",
    words: ["suffer", "suffered", "suffering", "sufferings", "affliction", "afflicted", "trouble", "troubles", "distress", "tears", "weep", "wept", "mourn", "mourning", "grief", "sorrow", "sorrows", "enemies", "enemy", "anguish", "oppressed"],
    truths: [
      "The Bible gives God's people words for pain; lament is a form of faith, not its failure.",
      "God does not waste suffering; he is present in it and at work through it.",
      "Jesus is a Savior acquainted with grief, so no sorrow of ours is foreign to him.",
    ],
    prayers: [
      "Hear my honest cry, and hold me when I do not understand.",
      "Be near to those who are hurting today, and show me how to comfort them.",
      "Use what is hard in my life to make me more like Jesus.",
    ],
    steps: [
      "Write an honest prayer about something painful, ending with one thing you still trust God for.",
      "Reach out to someone who is grieving or struggling, and simply be present.",
    ],
    questions: [
      "What pain do you need to bring honestly to God?",
      "How has God met you in a past season of trouble?",
    ],
  },
  {
    id: "judgment",
    name: "God's judgment",
    words: ["judgment", "judgments", "wrath", "punish", "punishment", "vengeance"],
    weak: ["judge", "judges", "judged", "anger", "angry", "destroy", "destroyed", "destruction"],
    truths: [
      "God's judgment is the right response of a good God to evil; a God who never judged would not be good.",
      "The warnings of Scripture are mercies: they call us back while there is time.",
      "At the cross judgment and mercy meet.",
    ],
    prayers: [
      "Thank you that you are a just judge, and that I can trust you with every wrong done to me.",
      "Keep me from judging others harshly while excusing myself.",
      "Let your warnings turn me back to you quickly.",
    ],
    steps: [
      "Hand over to God one wrong done to you, trusting him to judge rightly.",
      "Notice when you are quick to judge someone today, and pray for them instead.",
    ],
    questions: [
      "How does the reality of God's justice comfort you, and how does it challenge you?",
      "Where are you holding others to a standard you excuse in yourself?",
    ],
  },
  {
    id: "humility",
    name: "humility",
    words: ["humble", "humbled", "humility", "lowly", "meek", "meekness", "pride", "proud", "arrogant", "boast", "boasting", "haughty", "servant", "servants", "serve", "served"],
    truths: [
      "God opposes the proud but gives grace to the humble.",
      "Humility is not thinking less of yourself but thinking of yourself less, and of God and others more.",
      "The way up in God's kingdom is down: Jesus came not to be served but to serve.",
    ],
    prayers: [
      "Humble my pride, and make me glad to serve.",
      "Keep me from needing credit for what I do.",
      "Thank you, Lord Jesus, for humbling yourself for me.",
    ],
    steps: [
      "Do one hidden act of service today that no one will thank you for.",
      "Ask someone for help, or admit a mistake, without explaining it away.",
    ],
    questions: [
      "Where does pride show up most in your life?",
      "Who could you serve this week in a way that costs you something?",
    ],
  },
  {
    id: "generosity",
    name: "generosity and true riches",
    words: ["poor", "rich", "riches", "money", "wealth", "treasure", "treasures", "needy", "give", "gift", "gifts", "silver", "gold", "generous", "lend"],
    truths: [
      "Everything we have is on loan from God, and generosity is how we show we know it.",
      "Where our treasure is, there our heart will be also.",
      "God cares for the poor, and those who know him share that care.",
    ],
    prayers: [
      "Free me from the love of money and make me generous.",
      "Thank you for all you have given me; help me hold it with open hands.",
      "Show me who I can help with what you have entrusted to me.",
    ],
    steps: [
      "Give something away today (time, money or a possession) to someone who needs it.",
      "Review one spending habit in the light of this passage.",
    ],
    questions: [
      "What does your use of money say about what you treasure?",
      "Who in need is God putting in front of you?",
    ],
  },
  {
    id: "discipleship",
    name: "following Jesus",
    words: ["follow", "followed", "follows", "disciple", "disciples", "deny", "learn", "abide"],
    truths: [
      "Jesus does not only call us to believe things about him; he calls us to follow him.",
      "Following Jesus means daily choices, small and large, to go where he goes.",
      "Disciples are learners: they stay close to the Teacher and become like him.",
    ],
    prayers: [
      "Lord Jesus, I want to follow you today, wherever you lead.",
      "Help me to abide in you like a branch in the vine.",
      "Give me grace to deny myself in the small choices of this day.",
    ],
    steps: [
      "Identify one choice today where following Jesus will cost you something, and make it.",
      "Invite a friend to read this passage with you this week.",
    ],
    questions: [
      "What is Jesus asking you to leave behind to follow him more closely?",
      "How can you stay close to him through the busy hours of today?",
    ],
  },
  {
    id: "witness",
    name: "witness to the nations",
    words: ["witness", "witnesses", "testify", "testified", "testimony", "nations", "gentiles", "preach", "preached", "gospel", "proclaim", "proclaimed"],
    truths: [
      "God's plan has always been bigger than one people: he wants the nations to know him.",
      "A witness simply tells what they have seen and heard.",
      "The good news is meant to travel, and ordinary people carry it.",
    ],
    prayers: [
      "Give me an opportunity to speak of you today, and the courage to take it.",
      "Bless the nations, and send workers into your harvest.",
      "Make my life consistent with the good news I believe.",
    ],
    steps: [
      "Tell someone one thing God has done for you, simply and naturally.",
      "Pray for one country or people group that has little access to the gospel.",
    ],
    questions: [
      "Who in your life needs to hear what God has done for you?",
      "What holds you back from speaking about your faith?",
    ],
  },
  {
    id: "cross",
    name: "the death and resurrection of Jesus",
    words: ["crucified", "crucify", "raised", "risen", "resurrection", "tomb", "sacrifice", "sacrifices", "atonement"],
    weak: ["blood", "died", "death", "dead", "rose", "offering"],
    truths: [
      "At the cross Jesus took the death we deserved; in the resurrection God declared the victory won.",
      "Because Jesus lives, death is not the end for those who belong to him.",
      "The sacrifices of the Old Testament point forward to the one sacrifice that is enough.",
    ],
    prayers: [
      "Thank you, Lord Jesus, for giving your life for me.",
      "Let the power of your resurrection be at work in my ordinary life today.",
      "Help me live as someone who has been raised with you.",
    ],
    steps: [
      "Spend a few minutes today thanking Jesus specifically for the cross.",
      "Face one fear of loss or death in the light of the resurrection.",
    ],
    questions: [
      "How does the cross change the way you see your own failures?",
      "What difference does the resurrection make to the hardest thing you face?",
    ],
  },
  {
    id: "creation",
    name: "God the Creator",
    words: ["create", "created", "creation", "creator", "heavens", "formed", "stars"],
    weak: ["earth", "mountains"],
    truths: [
      "God made everything that exists, and he made it good.",
      "The Creator is not distant from his world; he sustains it moment by moment.",
      "Human beings are made in God's image, which gives every person dignity.",
    ],
    prayers: [
      "Creator God, open my eyes to your glory in the world you have made.",
      "Thank you for making me, and for making me for yourself.",
      "Help me treat every person I meet as someone made in your image.",
    ],
    steps: [
      "Step outside for a few minutes and praise God for something he made.",
      "Treat one person you tend to overlook today as an image-bearer of God.",
    ],
    questions: [
      "What does creation teach you about God's character?",
      "How does being made in God's image shape the way you see yourself and others?",
    ],
  },
  {
    id: "community",
    name: "life together",
    words: ["brethren", "church", "neighbor", "neighbour", "fellowship", "members", "unity"],
    weak: ["brother", "brothers", "sister", "sisters", "another", "together"],
    truths: [
      "God saves people into a family; faith is personal but never private.",
      "The \"one another\" commands of Scripture show that we need each other to grow.",
      "Love for brothers and sisters is one of the clearest signs that we know God.",
    ],
    prayers: [
      "Make me a good brother or sister to the people you have placed around me.",
      "Heal divisions among your people, beginning with me.",
      "Thank you for the people who have carried me in faith.",
    ],
    steps: [
      "Send an encouraging message today to someone in your church or small group.",
      "Invite someone for a meal or a walk this week and listen well.",
    ],
    questions: [
      "Who are you walking with in your faith right now?",
      "Which \"one another\" do you find hardest to practice?",
    ],
  },
  {
    id: "speech",
    name: "the power of words",
    words: ["tongue", "tongues", "lips", "speech", "lie", "lies", "lying", "truth", "gossip", "slander"],
    weak: ["mouth", "speak", "speaks", "true"],
    truths: [
      "Words have weight: they can heal or wound, build up or tear down.",
      "What comes out of the mouth shows what fills the heart.",
      "Truthful speech is a form of love.",
    ],
    prayers: [
      "Set a guard over my mouth, and let my words give grace to those who hear.",
      "Fill my heart with what is good so my words will be good.",
      "Forgive me for careless words, and help me make them right.",
    ],
    steps: [
      "Speak a specific, sincere word of encouragement to three people today.",
      "Before you speak in a tense moment today, pause and pray silently first.",
    ],
    questions: [
      "What do your words this week reveal about your heart?",
      "Who needs to hear a word of encouragement from you today?",
    ],
  },
  {
    id: "work",
    name: "faithful work",
    words: ["labor", "labour", "diligent", "diligence", "sluggard", "lazy", "harvest", "sow", "reap"],
    weak: ["work", "works", "worked", "hands", "build", "built"],
    truths: [
      "Work is part of God's good design, and faithful work honors him.",
      "Diligence in small things is a form of worship.",
      "God is at work, and our work finds its meaning in his.",
    ],
    prayers: [
      "Let the work of my hands today be done for you.",
      "Give me diligence where I am lazy, and rest where I am driven.",
      "Establish the work of my hands and make it a blessing to others.",
    ],
    steps: [
      "Do one task today with excellence, as an offering to God.",
      "Thank God for your work, and for the people who benefit from it.",
    ],
    questions: [
      "How would your work change if you did it as for the Lord?",
      "Where are you tempted to cut corners, and why?",
    ],
  },
  {
    id: "heart",
    name: "the heart",
    words: ["heart", "hearts", "desire", "desires"],
    weak: ["soul", "souls", "mind", "minds"],
    truths: [
      "Scripture treats the heart as the center of a person: what we love, think and choose.",
      "God looks at the heart, and he is able to give a new one.",
      "Guarding the heart means paying attention to what we let shape our desires.",
    ],
    prayers: [
      "Create in me a clean heart, O God, and renew a right spirit within me.",
      "Search my heart and show me what I love more than you.",
      "Unite my heart to fear your name.",
    ],
    steps: [
      "Notice what your mind drifts to today when you are idle, and bring it to God.",
      "Remove one influence that is shaping your desires in the wrong direction.",
    ],
    questions: [
      "What does your heart most want right now?",
      "What would it mean to love God with all your heart today?",
    ],
  },
];

/** Used when a passage touches none of the themes above (a genealogy, a census, a list of names). */
export const fallbackTheme: Theme = {
  id: "faithfulness",
  name: "God's faithfulness through history",
  words: [],
  truths: [
    "Even the lists and records of Scripture witness to a God who keeps track of his people by name.",
    "God works through ordinary names and generations, keeping his promises across centuries.",
    "No part of Scripture is wasted: every page belongs to the story of God's faithfulness.",
  ],
  prayers: [
    "Thank you that you know every name and every generation, including mine.",
    "Help me trust that you are working out your purposes, even when I cannot see them.",
    "Make me faithful in my generation, as you have been faithful in every one.",
  ],
  steps: [
    "Thank God for the people who passed the faith on to you, and pray for someone you can pass it on to.",
    "Write down one way God has been faithful in your family's story.",
  ],
  questions: [
    "What does this passage show you about God's patience across generations?",
    "Whose faithfulness shaped your life, and how can you continue it?",
  ],
};
