/**
 * The reviewed help a model gets besides the passage and the commentary (issue 28: "the model path
 * gets the same help"): the topic's anchor passages, and how verses in the passage may be used.
 * Pure: the lines are built here from data looked up by ../guidance.server.ts.
 */

export interface TopicGuidance {
  /** What the reader typed. */
  asked: string;
  /** The reviewed topic it means, with its anchor passages (best first); null when none matched well enough. */
  topic: { name: string; anchors: Array<{ reference: string; why: string }> } | null;
  /** Below the match threshold: the reviewed topics closest to what was asked. */
  closest: string[];
  /** Passages Nave's Topical Bible lists under the topic, to widen from the anchors. */
  widening: string[];
}

export interface ScriptureUse {
  roles: Array<{
    kind: "promise" | "command" | "prayer" | "memory";
    reference: string;
    speaker: string;
    addressee: string;
    note?: string;
  }>;
  never: Array<{ reference: string; why: string }>;
}

const roleNames: Record<ScriptureUse["roles"][number]["kind"], string> = {
  promise: "Promise",
  command: "Command for believers",
  prayer: "Prayer to pray",
  memory: "Memory verse",
};

/** The topic lines of a topic lesson's request. */
export function topicGuidanceBlock(guidance: TopicGuidance): string {
  if (guidance.topic) {
    const lines = [
      "",
      `Anchor passages a pastor chose for "${guidance.topic.name}". Build the lesson on these first; add others only when they truly teach on the topic:`,
      ...guidance.topic.anchors.map((anchor) => `- ${anchor.reference}: ${anchor.why}`),
    ];
    if (guidance.widening.length > 0)
      lines.push(
        `Further passages a topical index lists under it (use the ones that fit): ${guidance.widening.join("; ")}.`,
      );
    return lines.join("\n");
  }
  return [
    "",
    `"${guidance.asked}" is not one of the topics the app has reviewed passages for${guidance.closest.length > 0 ? ` (the closest are ${guidance.closest.join(", ")})` : ""}.`,
    "Choose only passages that truly teach on it. Never build on a passage that merely shares a word with the topic; if Scripture does not address it directly, say so plainly and teach from the principles that do apply.",
  ].join("\n");
}

/** The lines on how verses may be used: reviewed roles, verses never to be applied so, and the rule in doubt. */
export function scriptureUseBlock(use: ScriptureUse): string {
  const lines = ["", "How verses here may be used (from the app's pastor-reviewed data):"];
  for (const role of use.roles)
    lines.push(
      `- ${roleNames[role.kind]}: ${role.reference} (${role.speaker}, to ${role.addressee})${role.note ? `: ${role.note}` : ""}`,
    );
  for (const entry of use.never)
    lines.push(
      `- Never present as a promise, a command, a memory verse or a prayer to pray: ${entry.reference} (${entry.why})`,
    );
  lines.push(
    "Call a verse a promise, a command to obey, a memory verse or a prayer to pray only when it is listed above as one, or when the text itself plainly is one addressed to God's people. Mind who is speaking and to whom. When unsure, ask the reader (who is speaking here, and to whom? does this apply to us, and how?) instead of claiming.",
  );
  return lines.join("\n");
}
