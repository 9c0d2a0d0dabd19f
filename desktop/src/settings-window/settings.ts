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

/** Each element of settings.html this page drives: its id and the element type it must be. */
function elementsById<T extends Record<string, [id: string, type: { new (): HTMLElement; name: string }]>>(
  table: T,
): { [Name in keyof T]: InstanceType<T[Name][1]> } {
  const found: Record<string, HTMLElement> = {};
  for (const [name, [id, type]] of Object.entries(table)) {
    const element = document.getElementById(id);
    if (!(element instanceof type)) throw new Error(`settings.html has no ${type.name} #${id}`);
    found[name] = element;
  }
  return found as { [Name in keyof T]: InstanceType<T[Name][1]> };
}

const page = elementsById({
  form: ["ai-settings", HTMLFormElement],
  endpointFields: ["endpoint-fields", HTMLDivElement],
  baseUrl: ["baseUrl", HTMLInputElement],
  model: ["model", HTMLInputElement],
  apiKey: ["apiKey", HTMLInputElement],
  forgetKey: ["forgetKey", HTMLInputElement],
  forgetKeyRow: ["forget-key-row", HTMLLabelElement],
  keyNote: ["key-note", HTMLParagraphElement],
  error: ["error", HTMLParagraphElement],
  save: ["save", HTMLButtonElement],
  cancel: ["cancel", HTMLButtonElement],
  test: ["test", HTMLButtonElement],
  checkResult: ["check-result", HTMLDivElement],
});

function provider() {
  return (page.form.elements.namedItem("provider") as RadioNodeList).value as "builtin" | "openai";
}

function syncEnabled() {
  const off = provider() === "builtin";
  for (const input of page.endpointFields.querySelectorAll("input")) input.disabled = off;
}

async function load() {
  const view = await bridge.load();
  (page.form.elements.namedItem("provider") as RadioNodeList).value = view.provider;
  page.baseUrl.value = view.baseUrl;
  page.model.value = view.model;
  page.forgetKeyRow.hidden = !view.hasKey;
  page.apiKey.placeholder = view.hasKey ? "A key is saved (leave empty to keep it)" : "sk-...";
  page.keyNote.textContent = view.keyUnreadable
    ? "The saved API key could not be read on this computer (the system keychain refused it, or the data folder came from another computer or user). Enter it again."
    : view.keyProtected
      ? "The key stays on this computer, in the app's data folder, encrypted with the system keychain."
      : "The key stays on this computer, in the app's data folder (this system offers no keychain to protect it).";
  page.keyNote.classList.toggle("warning", view.keyUnreadable);
  syncEnabled();
}

/** What the form holds, as the main process validates it. */
function values() {
  return {
    provider: provider(),
    baseUrl: page.baseUrl.value,
    model: page.model.value,
    apiKey: page.apiKey.value,
    forgetKey: page.forgetKey.checked,
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
  page.checkResult.replaceChildren(paragraph(check.summary), list);
  if (check.advice) page.checkResult.append(paragraph(check.ok ? check.advice : `How to fix: ${check.advice}`));
}

page.test.addEventListener("click", async () => {
  page.error.textContent = "";
  page.test.disabled = true;
  page.test.textContent = "Testing connection...";
  page.checkResult.replaceChildren(paragraph("Testing connection..."));
  try {
    const result = await bridge.test(values());
    if (result.ok) {
      showCheck(result.check);
    } else {
      page.checkResult.replaceChildren();
      page.error.textContent = result.error;
    }
  } catch {
    page.checkResult.replaceChildren();
    page.error.textContent = "The connection could not be tested";
  } finally {
    page.test.disabled = false;
    page.test.textContent = "Test connection";
  }
});

page.form.addEventListener("change", syncEnabled);
page.cancel.addEventListener("click", () => void bridge.close());
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") void bridge.close();
});

page.form.addEventListener("submit", async (event) => {
  event.preventDefault();
  page.error.textContent = "";
  page.save.disabled = true;
  page.save.textContent = "Saving...";
  try {
    const result = await bridge.save(values());
    if (result.ok) {
      await bridge.close();
      return;
    }
    page.error.textContent = result.error;
  } catch (failure) {
    page.error.textContent = failure instanceof Error ? failure.message : "The settings could not be saved";
  } finally {
    page.save.disabled = false;
    page.save.textContent = "Save";
  }
});

syncEnabled();
void load().catch(() => {
  page.error.textContent = "The settings could not be loaded";
});
