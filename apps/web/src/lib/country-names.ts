// Countries by name, for the organisation's phone country (docs/search.md, "Search"): the
// browser's own names (Intl.DisplayNames), in the app's English, so no list ships with the app.

let names: Intl.DisplayNames | null = null;

/** "United Kingdom" for GB; the code itself for one the browser does not name. */
export function countryName(code: unknown): string {
  if (typeof code !== 'string' || !/^[A-Z]{2}$/u.test(code)) return 'unknown country';
  names ??= new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
