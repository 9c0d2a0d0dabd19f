/** The desktop app's pure parts: addresses, links, window placement, the menu per platform, AI settings. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { aiConfigOverrides, aiSettingsView, mergeAiSettings, type KeyVault } from "../../desktop/src/ai-settings";
import { resolveDataFolder } from "../../desktop/src/data-folder";
import { buildMenuTemplate, findMenuItem, MENU_IDS, type MenuActions } from "../../desktop/src/menu";
import { externalUrl, isAppUrl } from "../../desktop/src/navigation";
import { lanAddresses } from "../../app/utils/lan-addresses.server";
import { initialWindowBounds } from "../../desktop/src/window-state";

const entry = (address: string, internal = false, family: "IPv4" | "IPv6" = "IPv4") => ({
  address,
  netmask: "255.255.255.0",
  family,
  mac: "00:00:00:00:00:00",
  internal,
  cidr: `${address}/24`,
  ...(family === "IPv6" ? { scopeid: 0 } : {}),
});

describe("LAN addresses", () => {
  test("lists reachable IPv4 addresses, private networks first", () => {
    const addresses = lanAddresses({
      lo: [entry("127.0.0.1", true), entry("::1", true, "IPv6")],
      eth0: [entry("203.0.113.7"), entry("fe80::1", false, "IPv6")],
      wlan0: [entry("192.168.1.23"), entry("169.254.10.2")],
      docker0: [entry("172.17.0.1")],
    } as never);
    assert.deepEqual(addresses, ["192.168.1.23", "172.17.0.1", "203.0.113.7"]);
  });

  test("is empty without a network", () => {
    assert.deepEqual(lanAddresses({ lo: [entry("127.0.0.1", true)] } as never), []);
  });
});

describe("links", () => {
  test("only the exact app origin is the app", () => {
    assert.equal(isAppUrl("http://127.0.0.1:4000/today?x=1", "http://127.0.0.1:4000"), true);
    assert.equal(isAppUrl("http://localhost:4000/", "http://127.0.0.1:4000"), false);
    assert.equal(isAppUrl("https://127.0.0.1:4000/", "http://127.0.0.1:4000"), false);
    assert.equal(isAppUrl("http://127.0.0.1:4000@evil.example/", "http://127.0.0.1:4000"), false);
    assert.equal(isAppUrl("not a url", "http://127.0.0.1:4000"), false);
    assert.equal(isAppUrl("http://127.0.0.1:4000/", null), false);
  });

  test("web and mail links may open in the system browser; nothing else does", () => {
    assert.equal(externalUrl("https://www.openbible.info/"), "https://www.openbible.info/");
    assert.equal(externalUrl("mailto:leader@example.org"), "mailto:leader@example.org");
    for (const url of [
      "file:///C:/Windows/system32/calc.exe",
      "javascript:alert(1)",
      "smb://server/share",
      "ms-settings:",
      "vbscript:x",
      "garbage",
    ]) {
      assert.equal(externalUrl(url), null, url);
    }
  });
});

describe("window placement", () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  test("reuses a saved place that is on a screen, clamped to it", () => {
    assert.deepEqual(initialWindowBounds({ x: 100, y: 50, width: 2400, height: 900, maximized: false }, screen), {
      x: 100,
      y: 50,
      width: 1920,
      height: 900,
    });
  });

  test("ignores a place that is off every screen, and keeps the minimum size", () => {
    assert.deepEqual(initialWindowBounds({ x: 1900, y: 1000, width: 800, height: 600, maximized: false }, screen), {
      width: 1280,
      height: 860,
    });
    assert.deepEqual(initialWindowBounds({ x: 10, y: 10, width: 100, height: 100, maximized: false }, screen), {
      x: 10,
      y: 10,
      width: 390,
      height: 520,
    });
    assert.deepEqual(initialWindowBounds(undefined, [{ x: 0, y: 0, width: 1024, height: 700 }]), {
      width: 1024,
      height: 700,
    });
  });
});

describe("menu", () => {
  const noop = () => {};
  const actions: MenuActions = {
    toggleSharing: noop,
    showShareAddress: noop,
    openAiSettings: noop,
    openDataFolder: noop,
    backUpData: noop,
    restoreFromBackup: noop,
    openLogFolder: noop,
    checkForUpdates: noop,
    showAbout: noop,
    showCredits: noop,
  };

  test("on macOS: the app menu holds About and AI Settings, and Help is the system's help menu", () => {
    const template = buildMenuTemplate({ platform: "darwin", developerTools: false, sharing: false }, actions);
    assert.deepEqual(
      template.map((item) => item.label),
      ["Sagacity Bites", "File", "Edit", "View", "Window", "Help"],
    );
    const appMenu = template[0]!.submenu!;
    assert.equal(appMenu[0]!.id, MENU_IDS.about);
    assert.equal(appMenu[1]!.id, MENU_IDS.updates);
    assert.ok(appMenu.some((item) => item.id === MENU_IDS.aiSettings));
    assert.ok(appMenu.some((item) => item.role === "quit"));
    assert.equal(
      template[1]!.submenu!.some((item) => item.id === MENU_IDS.aiSettings),
      false,
    );
    assert.equal(template[5]!.role, "help");
    assert.deepEqual(
      template[5]!.submenu!.map((item) => item.id),
      [MENU_IDS.logFolder, MENU_IDS.credits],
    );
  });

  test("developer tools only in development; the share address only while sharing", () => {
    const packaged = buildMenuTemplate({ platform: "win32", developerTools: false, sharing: true }, actions);
    const view = packaged.find((item) => item.label === "View")!.submenu!;
    assert.equal(
      view.some((item) => item.role === "toggleDevTools"),
      false,
    );
    assert.equal(findMenuItem(packaged, MENU_IDS.share)?.checked, true);
    assert.equal(findMenuItem(packaged, MENU_IDS.shareAddress)?.enabled, true);
    assert.equal(packaged.find((item) => item.label === "File")!.submenu!.at(-1)!.role, "quit");
    const development = buildMenuTemplate({ platform: "linux", developerTools: true, sharing: false }, actions);
    assert.ok(
      development.find((item) => item.label === "View")!.submenu!.some((item) => item.role === "toggleDevTools"),
    );
    assert.equal(findMenuItem(development, MENU_IDS.shareAddress)?.enabled, false);
  });
});

describe("AI settings", () => {
  const plainVault: KeyVault = { seal: (key) => ({ encrypted: false, value: key }), open: (stored) => stored.value };

  test("an OpenAI-compatible endpoint needs a key, kept when the field is left empty", () => {
    assert.throws(
      () => mergeAiSettings(undefined, { provider: "openai", baseUrl: "", model: "", apiKey: "" }, plainVault),
      /Enter the API key/,
    );
    const saved = mergeAiSettings(
      undefined,
      { provider: "openai", baseUrl: " http://127.0.0.1:1234/v1 ", model: " m ", apiKey: " k " },
      plainVault,
    );
    assert.deepEqual(saved, {
      provider: "openai",
      baseUrl: "http://127.0.0.1:1234/v1",
      model: "m",
      apiKey: { encrypted: false, value: "k" },
    });
    assert.deepEqual(
      mergeAiSettings(saved, { provider: "openai", baseUrl: "", model: "", apiKey: "" }, plainVault).apiKey,
      saved.apiKey,
    );
    assert.throws(
      () =>
        mergeAiSettings(saved, { provider: "openai", baseUrl: "", model: "", apiKey: "", forgetKey: true }, plainVault),
      /Enter the API key/,
    );
    assert.throws(
      () =>
        mergeAiSettings(saved, { provider: "openai", baseUrl: "x".repeat(2001), model: "", apiKey: "" }, plainVault),
      /too long/,
    );
    assert.throws(() => mergeAiSettings(saved, { provider: "gpt", baseUrl: "", model: "", apiKey: "" }, plainVault));
    assert.throws(() => mergeAiSettings(saved, "not an object", plainVault));
  });

  test("the server's config overrides follow the stored choice, and are empty without one", () => {
    assert.deepEqual(aiConfigOverrides(undefined, plainVault), {});
    assert.deepEqual(
      aiConfigOverrides({ provider: "builtin", apiKey: { encrypted: false, value: "kept" } }, plainVault),
      { AI_PROVIDER: "builtin", OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, OPENAI_MODEL: undefined },
      "the shell's own variables are hidden",
    );
    assert.deepEqual(
      aiConfigOverrides({ provider: "openai", model: "m", apiKey: { encrypted: false, value: "k" } }, plainVault),
      { AI_PROVIDER: "openai", OPENAI_API_KEY: "k", OPENAI_BASE_URL: undefined, OPENAI_MODEL: "m" },
    );
  });

  test("the view: protected only with a real keyring, and an unreadable key asked for again", () => {
    const sealed = { provider: "openai" as const, apiKey: { encrypted: true, value: "x" } };
    assert.equal(aiSettingsView(sealed, true).keyProtected, true);
    assert.equal(aiSettingsView(sealed, false).keyProtected, false, "basic_text");
    assert.equal(aiSettingsView({ provider: "openai" }, true, true).keyUnreadable, true);
    assert.equal(aiSettingsView(sealed, true, true).keyUnreadable, false, "a key entered since");
  });
});

describe("data folder", () => {
  test("the override is resolved to an absolute path; blank means none", () => {
    assert.deepEqual(resolveDataFolder({ SAGACITY_DATA_DIR: "/srv/sagacity" }, "/home/u/.config/Sagacity Bites"), {
      folder: "/srv/sagacity",
      overridden: true,
    });
    assert.deepEqual(resolveDataFolder({ SAGACITY_DATA_DIR: "  " }, "/home/u/.config/Sagacity Bites"), {
      folder: "/home/u/.config/Sagacity Bites",
      overridden: false,
    });
  });
});
