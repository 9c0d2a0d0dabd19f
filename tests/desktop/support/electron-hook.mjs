// `node --import tsx --import ./electron-hook.mjs main.js`: resolves `import ... from "electron"`
// (and `require("electron")` in bundled CommonJS) to the recording stand-in, so the packaged
// main process can run under plain Node.
import Module, { register } from "node:module";
import { fileURLToPath } from "node:url";

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

const commonJsStandIn = fileURLToPath(new URL("./electron-cjs.cjs", import.meta.url));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "electron" ? commonJsStandIn : resolveFilename.call(this, request, ...rest);
};
