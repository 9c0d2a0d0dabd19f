/* global module */
// `require("electron")` from bundled CommonJS (electron-log, electron-updater) under the
// stand-in: the very module electron-module.ts exports to ES imports.
module.exports = globalThis.__sagacityStandInElectron;
