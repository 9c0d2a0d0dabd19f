/**
 * Group invite codes: 12 symbols of Crockford's base32 (60 random bits), shown in groups of four
 * ("K7QM-2XPD-9HRT"). Too many to guess at any request rate the server could answer, and easy
 * to read aloud or type: case, spaces and dashes do not matter, and O, I and L read as 0, 1, 1.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const INVITE_CODE_LENGTH = 12;

export function generateInviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(INVITE_CODE_LENGTH));
  // 256 is a multiple of 32: every symbol is equally likely.
  return [...bytes].map((byte) => ALPHABET[byte % 32]).join("");
}

/** The stored form of a code as typed or linked: upper case, separators dropped, look-alikes mapped. */
export function normalizeInviteCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/** "K7QM2XPD9HRT" -> "K7QM-2XPD-9HRT" */
export function formatInviteCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The code of a group's join link ("/join/K7QM-2XPD-9HRT"), or undefined for any other path. */
export function joinCodeFromPath(path: string): string | undefined {
  const match = /^\/join\/([0-9A-Za-z-]{1,100})\/?$/.exec(path);
  return match?.[1];
}
