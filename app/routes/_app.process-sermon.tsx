// The Add Study Content screen at its other address: /process-sermon and /add-content are one page.
export { action, default, ErrorBoundary, loader, meta } from "./_app.add-content/route";
