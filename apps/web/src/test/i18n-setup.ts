/**
 * Unit tests render any screen at once: every namespace of both languages is added up front, as the
 * signed-in console has them once idle (`loadRestWhenIdle`; the app itself fetches the unbundled ones).
 * The DOM project runs it before each file; a pure-logic test that translates imports it itself.
 */
import { i18n } from '../lib/i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (match?.[1] && match[2]) i18n.addResourceBundle(match[1], match[2], content, true, true);
}
