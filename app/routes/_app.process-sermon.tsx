// The Add Study Content screen; /process-sermon and /add-content show the same page.
export { default, meta } from "~/components/content/add-content-page";
export { addContentAction as action, addContentLoader as loader } from "~/modules/content/add-content-route.server";
