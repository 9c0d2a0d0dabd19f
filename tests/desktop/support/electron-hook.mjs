// `node --import tsx --import ./electron-hook.mjs main.js`: resolves `import ... from "electron"`
// to the recording stand-in, so the packaged main process can run under plain Node.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
      const target = ${JSON.stringify(new URL("./electron-module.ts", import.meta.url).href)};
      export async function resolve(specifier, context, next) {
        if (specifier === "electron") return { url: target, shortCircuit: true };
        return next(specifier, context);
      }
    `),
);
