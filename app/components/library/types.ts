import type { useLoaderData } from "@remix-run/react";
import type { action, loader } from "~/routes/_app.library";

type LibraryData = ReturnType<typeof useLoaderData<typeof loader>>;

export type LibraryItem = LibraryData["items"][number];
export type SavedStudyEntry = LibraryData["saved"][number];
export type LibraryAction = typeof action;
