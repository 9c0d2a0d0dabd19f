import { useSyncExternalStore } from "react";

/** SPEC §9: speech rate. */
export const SPEECH_RATE = 0.9;

// Chrome stops long utterances after about 15 seconds, so text is spoken in sentence-sized parts.
const CHUNK_LENGTH = 200;

let speaking = false;
let generation = 0;
let rememberedSelection = "";
const listeners = new Set<() => void>();

function setSpeaking(next: boolean) {
  if (speaking === next) return;
  speaking = next;
  for (const listener of listeners) listener();
}

export function isSpeechSupported() {
  return (
    typeof window !== "undefined" &&
    Boolean(window.speechSynthesis) &&
    typeof window.SpeechSynthesisUtterance === "function"
  );
}

function currentSelection() {
  try {
    return window.getSelection()?.toString().trim() ?? "";
  } catch {
    return "";
  }
}

/**
 * Called when the reader reaches for the controls (pointer down on the panel's button), so a
 * selection made on the page is still known if opening the panel moves focus away from it.
 */
export function rememberSelection() {
  rememberedSelection = currentSelection();
}

function mainContentText() {
  const main = document.getElementById("main-content") ?? document.querySelector("main");
  return (main?.innerText ?? "").trim();
}

/** Splits text at sentence ends (then spaces) into parts of at most `size` characters. */
export function splitForSpeech(text: string, size = CHUNK_LENGTH): string[] {
  const parts: string[] = [];
  const sentences =
    text
      .replace(/\s+/g, " ")
      .trim()
      .match(/[^.!?]+[.!?]*\s*/g) ?? [];
  let current = "";
  for (const sentence of sentences) {
    if ((current + sentence).length <= size) {
      current += sentence;
      continue;
    }
    if (current.trim()) parts.push(current.trim());
    current = "";
    let rest = sentence;
    while (rest.length > size) {
      const cut = rest.lastIndexOf(" ", size) > 0 ? rest.lastIndexOf(" ", size) : size;
      parts.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current.trim()) parts.push(current.trim());
  return parts.filter(Boolean);
}

/** Speaks the selected text, else the page's main content, at rate 0.9. Returns false if there was nothing to read. */
export function readAloud(): boolean {
  if (!isSpeechSupported()) return false;
  const text = currentSelection() || rememberedSelection || mainContentText();
  rememberedSelection = "";
  const parts = splitForSpeech(text);
  if (parts.length === 0) return false;
  const synth = window.speechSynthesis;
  // Chrome can drop an utterance queued right after a needless cancel(), so only cancel real speech.
  if (synth.speaking || synth.pending) synth.cancel();
  const run = ++generation;
  setSpeaking(true);
  parts.forEach((part, index) => {
    const utterance = new window.SpeechSynthesisUtterance(part);
    utterance.rate = SPEECH_RATE;
    utterance.lang = document.documentElement.lang || "en";
    if (index === parts.length - 1) {
      utterance.onend = () => {
        if (run === generation) setSpeaking(false);
      };
    }
    utterance.onerror = () => {
      if (run === generation) setSpeaking(false);
    };
    synth.speak(utterance);
  });
  return true;
}

/**
 * Speaks verses one after another at rate 0.9, telling `onVerse` which verse is being read (its
 * `id`) as each one starts, and `null` when the reading ends or stops: what the Bible reader
 * follows along with. Returns false if there was nothing to read.
 */
export function readVerses(
  verses: Array<{ id: string; text: string }>,
  onVerse: (id: string | null) => void,
  speech: Pick<typeof window, "speechSynthesis" | "SpeechSynthesisUtterance"> | undefined = isSpeechSupported()
    ? window
    : undefined,
): boolean {
  if (!speech) return false;
  const queue = verses.flatMap((verse) =>
    splitForSpeech(verse.text).map((part, index) => ({ id: verse.id, part, first: index === 0 })),
  );
  if (queue.length === 0) return false;
  const synth = speech.speechSynthesis;
  if (synth.speaking || synth.pending) synth.cancel();
  const run = ++generation;
  setSpeaking(true);
  const finish = () => {
    if (run !== generation) return;
    setSpeaking(false);
    onVerse(null);
  };
  queue.forEach(({ id, part, first }, index) => {
    const utterance = new speech.SpeechSynthesisUtterance(part);
    utterance.rate = SPEECH_RATE;
    utterance.lang = typeof document === "undefined" ? "en" : document.documentElement.lang || "en";
    if (first)
      utterance.onstart = () => {
        if (run === generation) onVerse(id);
      };
    if (index === queue.length - 1) utterance.onend = finish;
    utterance.onerror = finish;
    synth.speak(utterance);
  });
  // Stopping (the panel's Stop, or another reading) ends the following along too.
  const stopped = () => {
    if (run === generation) return;
    listeners.delete(stopped);
    onVerse(null);
  };
  listeners.add(stopped);
  return true;
}

export function stopReading() {
  generation++;
  if (isSpeechSupported()) window.speechSynthesis.cancel();
  setSpeaking(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSpeaking() {
  return useSyncExternalStore(
    subscribe,
    () => speaking,
    () => false,
  );
}
