/** The AI Settings window's page: runs sandboxed, talks to the main process only through window.aiSettings. */
// Type-only: erased by the bundler, so the page still ships none of the main process's code.
import type { AiCheckView, AiSettingsView } from "../ai-settings";

interface AiSettingsBridge {
  load(): Promise<AiSettingsView>;
  save(values: unknown): Promise<{ ok: true } | { ok: false; error: string }>;
  test(values: unknown): Promise<{ ok: true; check: AiCheckView } | { ok: false; error: string }>;
  close(): Promise<void>;
}

const bridge = (window as unknown as { aiSettings: AiSettingsBridge }).aiSettings;
const form = document.getElementById("ai-settings") as HTMLFormElement;
const endpointFields = document.getElementById("endpoint-fields") as HTMLDivElement;
const baseUrl = document.getElementById("baseUrl") as HTMLInputElement;
const model = document.getElementById("model") as HTMLInputElement;
const apiKey = document.getElementById("apiKey") as HTMLInputElement;
const forgetKey = document.getElementById("forgetKey") as HTMLInputElement;
const forgetKeyRow = document.getElementById("forget-key-row") as HTMLLabelElement;
const keyNote = document.getElementById("key-note") as HTMLParagraphElement;
const error = document.getElementById("error") as HTMLParagraphElement;
const save = document.getElementById("save") as HTMLButtonElement;
const cancel = document.getElementById("cancel") as HTMLButtonElement;
const test = document.getElementById("test") as HTMLButtonElement;
const checkResult = document.getElementById("check-result") as HTMLDivElement;

function provider() {
  return (form.elements.namedItem("provider") as RadioNodeList).value as "builtin" | "openai";
}

function syncEnabled() {
  const off = provider() === "builtin";
  for (const input of endpointFields.querySelectorAll("input")) input.disabled = off;
}

async function load() {
  const view = await bridge.load();
  (form.elements.namedItem("provider") as RadioNodeList).value = view.provider;
  baseUrl.value = view.baseUrl;
  model.value = view.model;
  forgetKeyRow.hidden = !view.hasKey;
  apiKey.placeholder = view.hasKey ? "A key is saved (leave empty to keep it)" : "sk-...";
  keyNote.textContent = view.keyUnreadable
    ? "The saved API key could not be read on this computer (the system keychain refused it, or the data folder came from another computer or user). Enter it again."
    : view.keyProtected
      ? "The key stays on this computer, in the app's data folder, encrypted with the system keychain."
      : "The key stays on this computer, in the app's data folder (this system offers no keychain to protect it).";
  keyNote.classList.toggle("warning", view.keyUnreadable);
  syncEnabled();
}

/** What the form holds, as the main process validates it. */
function values() {
  return {
    provider: provider(),
    baseUrl: baseUrl.value,
    model: model.value,
    apiKey: apiKey.value,
    forgetKey: forgetKey.checked,
  };
}

function paragraph(text: string, className?: string) {
  const element = document.createElement("p");
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

function showCheck(check: AiCheckView) {
  const list = document.createElement("ul");
  list.setAttribute("aria-label", "Connection check steps");
  for (const step of check.steps) {
    const item = document.createElement("li");
    const icon = document.createElement("span");
    icon.className = step.ok ? "passed" : "failed";
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = step.ok ? "✓" : "✗";
    const text = document.createElement("span");
    const status = document.createElement("span");
    status.className = "sr-only";
    status.textContent = step.ok ? "Passed: " : "Failed: ";
    const label = document.createElement("strong");
    label.textContent = step.label;
    const ms = document.createElement("span");
    ms.className = "ms";
    ms.textContent = ` (${step.ms} ms)`;
    text.append(status, label, ms, `: ${step.detail}`);
    item.append(icon, text);
    list.append(item);
  }
  checkResult.replaceChildren(paragraph(check.summary), list);
  if (check.advice) checkResult.append(paragraph(check.ok ? check.advice : `How to fix: ${check.advice}`));
}

test.addEventListener("click", async () => {
  error.textContent = "";
  test.disabled = true;
  test.textContent = "Testing connection...";
  checkResult.replaceChildren(paragraph("Testing connection..."));
  try {
    const result = await bridge.test(values());
    if (result.ok) {
      showCheck(result.check);
    } else {
      checkResult.replaceChildren();
      error.textContent = result.error;
    }
  } catch {
    checkResult.replaceChildren();
    error.textContent = "The connection could not be tested";
  } finally {
    test.disabled = false;
    test.textContent = "Test connection";
  }
});

form.addEventListener("change", syncEnabled);
cancel.addEventListener("click", () => void bridge.close());
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") void bridge.close();
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.textContent = "";
  save.disabled = true;
  save.textContent = "Saving...";
  try {
    const result = await bridge.save(values());
    if (result.ok) {
      await bridge.close();
      return;
    }
    error.textContent = result.error;
  } catch (failure) {
    error.textContent = failure instanceof Error ? failure.message : "The settings could not be saved";
  } finally {
    save.disabled = false;
    save.textContent = "Save";
  }
});

syncEnabled();
void load().catch(() => {
  error.textContent = "The settings could not be loaded";
});
