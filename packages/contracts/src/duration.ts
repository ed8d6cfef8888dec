/**
 * A duration in its two largest units, the second left out when it is 0: "1 d 15 h", "2 h", "5 h 12 min",
 * "7 min 3 s", "45 s". The unit abbreviations read the same in English and Spanish; the numbers are written by
 * Intl in the language ("1,234 d" / "1234 d"). Shared by the console and the API's messages, so an alert reads
 * alike on screen and in its email. Negative or not finite → "—".
 */
export function formatDuration(seconds: number, lang: 'en' | 'es'): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.floor(seconds);
  const units: [number, string][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ];
  const largest = units.findIndex(([amount]) => amount > 0);
  const first = largest === -1 ? units.length - 1 : largest;
  const number = numberFormatOf(lang, 0);
  return units
    .slice(first, first + 2)
    .filter(([amount], i) => i === 0 || amount > 0)
    .map(([amount, unit]) => `${number.format(amount)} ${unit}`)
    .join(' ');
}

const NUMBER_LOCALES = { en: 'en-US', es: 'es-ES' } as const;
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The language's number formatter with at most `fractionDigits` decimals, built on its first use and kept:
 * building one costs more than formatting many numbers, and the first a page builds loads the locale's data
 * (~15 ms on a phone's processor), which a module that only may format must not spend as it loads.
 */
export function numberFormatOf(lang: 'en' | 'es', fractionDigits: number): Intl.NumberFormat {
  const key = `${lang}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[lang], { maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}
