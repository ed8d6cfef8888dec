import { escapeHtml } from '../http/html.ts';

/** An http(s) address in a message's text (it ends at a space; a closing full stop or bracket is not part of it). */
const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;

/**
 * The HTML part of an email, made from its text part (issue 37: every email's link is a link): paragraphs at
 * blank lines, line breaks kept, every http(s) address an anchor to itself. The text is the message; this only
 * presents it, so the two never say different things.
 */
export function emailHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(linkified).join('<br>\n')}</p>`);
  return `<!doctype html>\n<html><body style="font-family:sans-serif;line-height:1.5">\n${paragraphs.join('\n')}\n</body></html>\n`;
}

function linkified(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(LINK)) {
    const at = m.index ?? 0;
    out += escapeHtml(line.slice(last, at));
    const href = escapeHtml(m[0]);
    out += `<a href="${href}">${href}</a>`;
    last = at + m[0].length;
  }
  return out + escapeHtml(line.slice(last));
}
