import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { readersVerseOfTheDay } from "~/modules/dashboard/verse-of-the-day.server";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { calendarDay, timeZoneHeader } from "~/utils/time-zone";

/**
 * GET /api/verse-of-the-day: { date, reference, text, translation } for the caller's calendar day
 * (their time zone, or X-Time-Zone for this answer), in the translation they last read the Bible in.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const day = calendarDay(new Date(), readTimeZone(user.id, timeZoneHeader(request)));
  const verse = readersVerseOfTheDay(user.id, { day });
  return {
    date: verse.date,
    reference: verse.reference,
    text: verse.text,
    translation: verse.translationCode,
    translationName: verse.translation,
  };
});

export const action = apiHandler(async () => methodNotAllowed());
