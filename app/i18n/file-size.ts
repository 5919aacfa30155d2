/** Sizes of files, in the user's language (a module of its own: the browser takes nothing else with it). */

/** A file's size in the user's language ("1.2 MB", "1,2 MB", "340 kB"…). */
export function fileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "megabyte"] : bytes >= 1024 ? [bytes / 1024, "kilobyte"] : [bytes, "byte"];
  try {
    return new Intl.NumberFormat(language.replace("_", "-"), { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
  } catch {
    return `${bytes} B`;
  }
}
