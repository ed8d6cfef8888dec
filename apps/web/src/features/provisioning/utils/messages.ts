import type { ImportProblem } from '@vnoc/contracts';
import type { TFunction } from 'i18next';

// The shared schemas and the server speak English; these of their messages have a twin in provisioning.json.
const fixed: Record<string, string> = {
  'Choose a site.': 'validation.site',
  'Enter a valid site id.': 'validation.siteId',
  'Enter the manufacturer.': 'validation.manufacturer',
  'Enter the model.': 'validation.model',
  'The manufacturer is at most 100 characters.': 'validation.manufacturerLong',
  'The model is at most 100 characters.': 'validation.modelLong',
  'Enter a valid MAC address.': 'validation.mac',
  'Choose how the device connects: agent or openwisp.': 'validation.driver',
  'A device with this MAC address already exists.': 'validation.macTaken',
  'No site with this id in this organization.': 'validation.unknownSite',
  'The file has no header row.': 'import.problem.noHeader',
  'The file has no devices.': 'import.problem.noRows',
};

/** Messages with a value in them: their pattern, their key and the value's name. */
const patterns: [RegExp, string, string][] = [
  [/^Choose the kind of device: /, 'validation.kind', ''],
  [/^Missing (\w+)\.$/, 'import.problem.missing', 'column'],
  [/^This MAC address is also on line (\d+)\.$/, 'import.problem.duplicate', 'line'],
  [/^The header row has no (\w+) column\.$/, 'import.problem.noColumn', 'column'],
  [/^A file can add at most (\d+) devices\.$/, 'import.problem.tooMany', 'count'],
  [/^The file is not valid CSV: /, 'import.problem.notCsv', ''],
];

/** A schema's or the server's English message in the current language (as it is when it has no twin). */
export function provisioningMessage(message: string, t: TFunction<'provisioning'>): string {
  const key = fixed[message];
  if (key) return t(key);
  for (const [pattern, patternKey, name] of patterns) {
    const match = pattern.exec(message);
    if (match) return t(patternKey, name ? { [name]: match[1] } : {});
  }
  return message;
}

/** An import problem's sentence in the current language. */
export const problemMessage = (problem: ImportProblem, t: TFunction<'provisioning'>) =>
  provisioningMessage(problem.message, t);
