import fs from "node:fs";
import path from "node:path";

/**
 * The app's routes, read from the route files themselves, so a test built on these lists covers a
 * new route the day it is added (or fails until it does).
 */
const routesFolder = path.resolve(import.meta.dirname, "../../app/routes");

export interface ApiRoute {
  file: string;
  pattern: string;
  params: string[];
  adminOnly: boolean;
}

/** Flat-route file names to URL patterns: api.library.save.$studyId.ts -> /api/library/save/:studyId */
export function apiRoutes(): ApiRoute[] {
  return fs
    .readdirSync(routesFolder)
    .filter((file) => /^api\..+\.tsx?$/.test(file))
    .map((file) => {
      // "_index" and other "_" segments add no URL segment in Remix's flat routes.
      const segments = file
        .replace(/\.tsx?$/, "")
        .split(".")
        .filter((segment) => !segment.startsWith("_"));
      const params: string[] = [];
      const pattern =
        "/" +
        segments
          .map((segment) => {
            if (segment === "$") return "*";
            if (segment.startsWith("$")) {
              params.push(segment.slice(1));
              return `:${segment.slice(1)}`;
            }
            return segment.replace(/^\((.*)\)$/, "$1").replace(/_$/, "");
          })
          .join("/");
      return { file, pattern, params, adminOnly: pattern.startsWith("/api/admin") };
    });
}

export interface PageActionRoute {
  file: string;
  /** The page's address, where its forms post. */
  pathname: string;
}

/** Every page route (under the _app and _auth layouts, or at the top level) that exports an action. */
export function pageActionRoutes(): PageActionRoute[] {
  return (
    fs
      .readdirSync(routesFolder, { withFileTypes: true })
      // A flat route file, or a folder route's route.tsx (its other files are its parts, not routes).
      .map((entry) =>
        entry.isDirectory()
          ? { name: entry.name, file: `${entry.name}/route.tsx` }
          : { name: entry.name.replace(/\.tsx$/, ""), file: entry.name },
      )
      .filter(({ file }) => /\.tsx$/.test(file) && fs.existsSync(path.join(routesFolder, file)))
      .filter(({ name }) => !name.startsWith("api.") && !/^_(app|auth)$/.test(name))
      .filter(({ file }) =>
        /export\s+(async\s+function|function|const)\s+action\b|\bas action\b|export\s*\{[^}]*\baction\b[^}]*\}\s*from/.test(
          fs.readFileSync(path.join(routesFolder, file), "utf8"),
        ),
      )
      .map(({ name, file }) => {
        const segments = name.split(".").filter((segment) => !segment.startsWith("_"));
        return { file, pathname: `/${segments.join("/")}` };
      })
  );
}

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
export function encodeSegment(value: string) {
  return [...new TextEncoder().encode(value)]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, "0").toUpperCase()}`,
    )
    .join("");
}
