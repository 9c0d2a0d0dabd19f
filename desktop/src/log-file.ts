import fs from "node:fs";
import path from "node:path";

/**
 * The app's log file, in the data folder (logs/main.log), written by electron-log's file
 * transport: errors of a packaged app would otherwise go to a console nobody sees. At
 * MAX_LOG_BYTES the file is archived (main.1.log, main.2.log...) and the oldest dropped.
 */
export const LOG_FILE = "main.log";
export const MAX_LOG_BYTES = 1024 * 1024;
export const ARCHIVED_LOGS_KEPT = 3;

/** main.log becomes main.1.log; each older archive moves up one; the one past `kept` goes. */
export function archiveLog(file: string, kept = ARCHIVED_LOGS_KEPT) {
  const { dir, name, ext } = path.parse(file);
  const archive = (index: number) => path.join(dir, `${name}.${index}${ext}`);
  fs.rmSync(archive(kept), { force: true });
  for (let index = kept - 1; index >= 1; index -= 1) {
    if (fs.existsSync(archive(index))) fs.renameSync(archive(index), archive(index + 1));
  }
  fs.renameSync(file, archive(1));
}

/** The part of electron-log's logger configured here (electron-log/main in the app, /node in tests). */
export interface FileLogger {
  transports: {
    // Method syntax: electron-log's own functions take more specific arguments.
    file: {
      resolvePathFn(variables: never): string;
      maxSize: number;
      archiveLogFn(file: { toString(): string }): void;
    };
  };
}

export function configureLogFile(logger: FileLogger, logsFolder: string) {
  fs.mkdirSync(logsFolder, { recursive: true });
  const file = logger.transports.file;
  file.resolvePathFn = () => path.join(logsFolder, LOG_FILE);
  file.maxSize = MAX_LOG_BYTES;
  file.archiveLogFn = (current) => archiveLog(current.toString());
}
