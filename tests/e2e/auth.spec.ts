import { createAccount, expect, submitLoginForm, submitRegisterForm, test, uniqueEmail } from "./fixtures";

test.describe("registration", () => {
  test("mismatched passwords show the spec's toast", async ({ page }) => {
    await submitRegisterForm(page, uniqueEmail(), "secret1", "secret2");
    await expect(page.getByText("Passwords don't match").first()).toBeVisible();
    await expect(page.getByText("Please make sure both passwords are the same").first()).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a short password shows the spec's toast", async ({ page }) => {
    await submitRegisterForm(page, uniqueEmail(), "abc");
    await expect(page.getByText("Password too short").first()).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters").first()).toBeVisible();
  });

  test("a taken email says so", async ({ page, account }) => {
    await submitRegisterForm(page, account.email, "secret12");
    await expect(page.getByText("Registration failed").first()).toBeVisible();
    await expect(page.getByText("An account with this email already exists").first()).toBeVisible();
  });

  test("register goes to the dashboard with a greeting", async ({ page }) => {
    const email = uniqueEmail("newcomer");
    await submitRegisterForm(page, email, "secret12");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Account created!").first()).toBeVisible();
    await expect(page.getByText("Welcome to Sagacity Bites").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(email.split("@")[0]!);
  });

  test("the register page links to sign in", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("login", () => {
  test("wrong credentials show the Login failed toast", async ({ page, account }) => {
    await submitLoginForm(page, account.email, "not the password");
    await expect(page.getByText("Login failed").first()).toBeVisible();
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signing in goes to the dashboard with a welcome toast", async ({ page, account }) => {
    await submitLoginForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Welcome back!").first()).toBeVisible();
    await expect(page.getByText("You've successfully logged in").first()).toBeVisible();
  });

  test("a hostile redirectTo signs in and stays on this site, with and without JavaScript", async ({
    browser,
    account,
    baseURL,
  }) => {
    // Without JavaScript the browser follows the Location header itself: there "/\t/evil.example"
    // loses its tab and is "//evil.example", another site (seen before issue 27).
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      const page = await context.newPage();
      const offSite: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).origin !== new URL(baseURL!).origin) offSite.push(request.url());
      });
      // `query` as an attacker writes it in the link: `%09` reaches the server as a tab.
      const signInWith = async (query: string) => {
        await context.clearCookies();
        await page.goto(`/login?redirectTo=${query}`);
        await page.getByLabel("Email").fill(account.email);
        await page.getByLabel("Password").fill(account.password);
        await page.getByRole("button", { name: "Sign In" }).click();
      };
      // The unit tests of safeLocalPath try many more spellings.
      for (const redirectTo of ["/%09/evil.example/phish", "/%5Cevil.example/phish", "/.//evil.example/phish"]) {
        await signInWith(redirectTo);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(account.email.split("@")[0]!);
        expect(page.url(), `${redirectTo} (JavaScript ${javaScriptEnabled ? "on" : "off"})`).toBe(`${baseURL}/`);
      }
      expect(offSite).toEqual([]);
      // A path on this site is still followed.
      await signInWith(encodeURIComponent("/library?q=psalm"));
      await expect(page).toHaveURL(`${baseURL}/library?q=psalm`);
      await context.close();
    }
  });

  test("the login page links to Create one", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Create one" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a deactivated account cannot sign in", async ({ page, admin, baseURL }) => {
    const account = await createAccount(baseURL!);
    const headers = { authorization: `Bearer ${admin.token}` };
    const users = await page.request.get("/api/admin/users", { headers });
    expect(users.status()).toBe(200);
    const target = ((await users.json()) as Array<{ id: string; email: string }>).find(
      (user) => user.email === account.email,
    );
    expect(target, "the new account is on the first page (newest first)").toBeDefined();
    const deactivated = await page.request.patch(`/api/admin/users/${target!.id}`, {
      headers,
      data: { isActive: false },
    });
    expect(deactivated.status()).toBe(200);
    await submitLoginForm(page, account.email, account.password);
    await expect(page.getByText("Login failed").first()).toBeVisible();
    await expect(page.getByText(/deactivated/).first()).toBeVisible();
  });
});

test.describe("sessions and routing", () => {
  test("signed-out visitors are sent to /login from any page", async ({ page }) => {
    for (const path of ["/", "/library", "/today", "/admin", "/no-such-page"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("signed-in users are sent from /login and /register to /", async ({ signedInPage: page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a non-admin opening /admin is sent to /, and sees no Admin Console link", async ({ signedInPage: page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin Console" })).toHaveCount(0);
  });

  test("an admin sees Admin Console and can open it", async ({ adminPage: page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Admin Console" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("paths are case-insensitive", async ({ signedInPage: page }) => {
    await page.goto("/SETTINGS");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  });

  test("an unknown path shows 404 inside the shell", async ({ signedInPage: page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByRole("link", { name: "My Library" })).toBeVisible();
  });

  test("sign out from settings ends the session", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Session expired")).toHaveCount(0);
  });

  test("a revoked session sends the user to /login with the expired notice", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    await page.goto("/");
    // Revoked from elsewhere (another device), so the browser still holds its cookie.
    await fetch(`${baseURL}/api/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.token}` },
    });
    await page.goto("/library");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Session expired")).toBeVisible();
    await expect(page.getByText("Your session has expired. Please sign in again to continue.")).toBeVisible();
  });
});

test.describe("app shell", () => {
  test("the sidebar lists the items in order and collapses with Ctrl+B, remembered across reloads", async ({
    signedInPage: page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("complementary", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Add Content",
      "My Library",
      "Lesson Plans",
      "Reading Plans",
      "Groups",
      "Today",
      "Bible",
      "Profile",
      "Settings",
    ]);
    await expect(nav).toHaveAttribute("data-state", "expanded");
    await expect(nav.getByText("Sagacity Bites")).toBeVisible();
    await expect(nav.getByText("Discipleship Tools")).toBeVisible();
    await expect.poll(() => nav.evaluate((element) => element.getBoundingClientRect().width)).toBe(256);
    await page.keyboard.press("Control+b");
    await expect(nav).toHaveAttribute("data-state", "collapsed");
    await expect.poll(() => nav.evaluate((element) => element.getBoundingClientRect().width)).toBe(64);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "sidebar_state")?.value).toBe("false");
    await page.reload();
    await expect(nav).toHaveAttribute("data-state", "collapsed");
    await nav.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(nav).toHaveAttribute("data-state", "expanded");
  });

  test("the sidebar marks the page's section, also at the page's other address", async ({ signedInPage: page }) => {
    const nav = page.getByRole("complementary", { name: "Main navigation" });
    for (const [path, label] of [
      ["/add-content", "Add Content"],
      ["/process-sermon", "Add Content"],
      ["/bible-plans", "Reading Plans"],
      ["/", "Dashboard"],
    ] as const) {
      await page.goto(path);
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test("below 768px the sidebar is a slide-over sheet", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("complementary", { name: "Main navigation" })).toBeHidden();
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("link", { name: "Reading Plans" })).toBeVisible();
    await sheet.getByRole("link", { name: "Reading Plans" }).click();
    await expect(page).toHaveURL(/\/bible-plans$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the sidebar is hidden on login and register", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("complementary", { name: "Main navigation" })).toHaveCount(0);
    await page.goto("/register");
    await expect(page.getByRole("complementary", { name: "Main navigation" })).toHaveCount(0);
  });

  test("settings shows the account email", async ({ signedInPage: page, account }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
  });
});
