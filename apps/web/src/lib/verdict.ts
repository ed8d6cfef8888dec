import { type VerdictReason, type VerdictUnit, verdictReasonText } from '@vnoc/contracts';
import { formatBitRate } from './format.ts';
import type { Language } from './i18n.ts';
import { numberFormat } from './intl.ts';

/** A figure of a verdict's reason with its unit, in the language's number format: "10 %", "12,5 ms". */
export function verdictFigure(value: number, unit: VerdictUnit, language: Language): string {
  const number = numberFormat(language, { maximumFractionDigits: 1 }).format(value);
  switch (unit) {
    case 'percent':
      return `${number} %`;
    case 'ms':
      return `${number} ms`;
    case 'celsius':
      return `${number} °C`;
    case 'kbps':
      return formatBitRate(value);
  }
}

/** A reason as a sentence in the language shown. */
export function reasonSentence(reason: VerdictReason, language: Language): string {
  return verdictReasonText(reason, language, (value, unit) => verdictFigure(value, unit, language));
}
